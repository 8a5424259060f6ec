//! A call the quota did not admit, and how that is said to the caller (429 with the figures
//! and when the quota resets).

use chrono::{DateTime, Utc};

use crate::api::Api;
use crate::error::ApiError;

/// Why a call was not admitted.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub limit: i64,
    pub used: i64,
    pub cost: i64,
    pub reset_at: DateTime<Utc>,
}

impl Refusal {
    /// The 429 answered for this refusal of a call to `api`, seen at `now`.
    pub fn into_error(self, api: Api, now: DateTime<Utc>) -> ApiError {
        let remaining = (self.limit - self.used).max(0);
        let resets = self.reset_at.to_rfc3339();
        let message = if self.cost > 1 {
            format!(
                "this batch costs {} requests but only {remaining} of the monthly quota of {} remain for the {api} API; it resets at {resets}",
                self.cost, self.limit,
            )
        } else {
            format!(
                "the monthly quota of {} requests for the {api} API is spent; it resets at {resets}",
                self.limit,
            )
        };
        ApiError::QuotaExceeded {
            message,
            retry_after_secs: (self.reset_at - now).num_seconds().max(1) as u64,
            limit: self.limit,
            reset_unix: self.reset_at.timestamp(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn refusal(cost: i64) -> Refusal {
        Refusal {
            limit: 500,
            used: 498,
            cost,
            reset_at: Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap(),
        }
    }

    #[test]
    fn a_batch_refusal_says_what_is_left() {
        let now = Utc.with_ymd_and_hms(2026, 11, 30, 23, 59, 0).unwrap();
        let error = refusal(3).into_error(Api::Sanctions, now);
        assert_eq!(error.status(), 429);
        assert!(
            error.message().contains("costs 3 requests but only 2"),
            "{}",
            error.message()
        );
        assert!(matches!(
            error,
            ApiError::QuotaExceeded {
                retry_after_secs: 60,
                ..
            }
        ));
    }

    #[test]
    fn a_single_call_refusal_says_the_quota_is_spent() {
        let now = Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap();
        let error = refusal(1).into_error(Api::Validate, now);
        assert!(
            error
                .message()
                .starts_with("the monthly quota of 500 requests for the validate API is spent")
        );
        // Never less than a second, even at the reset instant.
        assert!(matches!(
            error,
            ApiError::QuotaExceeded {
                retry_after_secs: 1,
                ..
            }
        ));
    }
}
