//! The seven APIs of the suite and the plans that set each one's monthly quota (SPEC's table).

use std::fmt;

use serde::{Deserialize, Serialize};

/// One API of the suite: the unit a key subscribes to and a quota counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Api {
    Docgen,
    Screenshot,
    Finance,
    Sanctions,
    Legal,
    Pii,
    Validate,
}

impl Api {
    pub const ALL: [Api; 7] = [
        Api::Docgen,
        Api::Screenshot,
        Api::Finance,
        Api::Sanctions,
        Api::Legal,
        Api::Pii,
        Api::Validate,
    ];

    /// The name used in the contract's tags, the database and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Api::Docgen => "docgen",
            Api::Screenshot => "screenshot",
            Api::Finance => "finance",
            Api::Sanctions => "sanctions",
            Api::Legal => "legal",
            Api::Pii => "pii",
            Api::Validate => "validate",
        }
    }

    /// The path prefix of the API's operations (SPEC's table).
    pub fn path_prefix(self) -> &'static str {
        match self {
            Api::Docgen => "/v1/dev/pdf",
            Api::Screenshot => "/v1/dev/screenshot",
            Api::Finance => "/v1/compliance/finance",
            Api::Sanctions => "/v1/compliance/sanctions",
            Api::Legal => "/v1/compliance/legal",
            Api::Pii => "/v1/compliance/pii",
            Api::Validate => "/v1/dev/validate",
        }
    }

    pub fn parse(name: &str) -> Option<Api> {
        Api::ALL.into_iter().find(|api| api.name() == name)
    }
}

impl fmt::Display for Api {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A subscription plan. `Unlimited` is for operators and tests, never sold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plan {
    Free,
    Basic,
    Pro,
    Unlimited,
}

impl Plan {
    pub const ALL: [Plan; 4] = [Plan::Free, Plan::Basic, Plan::Pro, Plan::Unlimited];

    pub fn name(self) -> &'static str {
        match self {
            Plan::Free => "free",
            Plan::Basic => "basic",
            Plan::Pro => "pro",
            Plan::Unlimited => "unlimited",
        }
    }

    pub fn parse(name: &str) -> Option<Plan> {
        Plan::ALL.into_iter().find(|plan| plan.name() == name)
    }

    /// Requests per calendar month (UTC) on `api`; `None` means no limit.
    pub fn monthly_quota(self, api: Api) -> Option<i64> {
        let (free, basic, pro) = match api {
            Api::Docgen => (500, 2_000, 20_000),
            Api::Screenshot => (500, 1_000, 10_000),
            Api::Finance => (500, 1_000, 10_000),
            Api::Sanctions => (500, 5_000, 50_000),
            Api::Legal => (500, 1_000, 5_000),
            Api::Pii => (500, 2_000, 20_000),
            Api::Validate => (500, 10_000, 100_000),
        };
        match self {
            Plan::Free => Some(free),
            Plan::Basic => Some(basic),
            Plan::Pro => Some(pro),
            Plan::Unlimited => None,
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotas_follow_the_spec_table() {
        assert_eq!(Plan::Free.monthly_quota(Api::Validate), Some(500));
        assert_eq!(Plan::Basic.monthly_quota(Api::Sanctions), Some(5_000));
        assert_eq!(Plan::Pro.monthly_quota(Api::Legal), Some(5_000));
        assert_eq!(Plan::Pro.monthly_quota(Api::Validate), Some(100_000));
        assert_eq!(Plan::Unlimited.monthly_quota(Api::Docgen), None);
    }

    #[test]
    fn names_round_trip() {
        for api in Api::ALL {
            assert_eq!(Api::parse(api.name()), Some(api));
        }
        for plan in Plan::ALL {
            assert_eq!(Plan::parse(plan.name()), Some(plan));
        }
    }
}
