//! The audit's data: what the readers produce (`Statement`, `Transaction`) and what the
//! checks answer (`Audit`, `Summary`, `Anomaly`), shaped after the contract's
//! `AuditResult`, `AccountSummary`, `StatementTransaction` and `AuditAnomaly`.

use chrono::NaiveDate;
use serde::Serialize;

use super::benford::BenfordResult;

/// An amount in hundredths of the currency unit (cents): exact sums. Currencies without
/// minor units (JPY, KRW) are still counted in hundredths of their unit.
pub type Cents = i64;

/// What the caller knows about the statement: its language (ISO 639-1, one of the
/// contract's `FinanceLanguage`) and the account's currency (ISO 4217).
#[derive(Debug, Clone, Default)]
pub struct Hints {
    pub language: Option<String>,
    pub currency: Option<String>,
}

impl Hints {
    /// The language code, `en` when not given.
    pub fn language(&self) -> &str {
        self.language.as_deref().unwrap_or("en")
    }
}

/// One transaction, signed: credits positive, debits negative.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Transaction {
    /// Position in the statement, 0-based.
    pub index: usize,
    pub date: Option<NaiveDate>,
    pub description: String,
    pub amount: Cents,
    /// The running balance printed after it, when printed.
    pub balance: Option<Cents>,
}

/// A statement as read: transactions in printed order, what it prints about itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Statement {
    pub transactions: Vec<Transaction>,
    pub opening_balance: Option<Cents>,
    pub closing_balance: Option<Cents>,
    pub period_start: Option<NaiveDate>,
    pub period_end: Option<NaiveDate>,
    /// ISO 4217, from the statement or the caller's hint.
    pub currency: Option<String>,
    /// ISO 639-1, from the caller's hint (`en` by default).
    pub language: String,
}

/// The contract's `AccountSummary`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub currency: Option<String>,
    pub opening_balance: Option<Cents>,
    pub closing_balance: Option<Cents>,
    /// Sum of the credits, positive.
    pub total_credits: Cents,
    /// Sum of the debits, positive.
    pub total_debits: Cents,
    pub transaction_count: usize,
    pub period_start: Option<NaiveDate>,
    pub period_end: Option<NaiveDate>,
}

impl Summary {
    pub fn of(statement: &Statement) -> Summary {
        let amounts = statement.transactions.iter().map(|t| t.amount);
        Summary {
            currency: statement.currency.clone(),
            opening_balance: statement.opening_balance,
            closing_balance: statement.closing_balance,
            total_credits: amounts.clone().filter(|a| *a > 0).sum(),
            total_debits: amounts.filter(|a| *a < 0).map(|a| -a).sum(),
            transaction_count: statement.transactions.len(),
            period_start: statement.period_start,
            period_end: statement.period_end,
        }
    }
}

/// The contract's `Severity`, least serious first (so `Ord` sorts by seriousness).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

/// The contract's `AnomalyKind`, plus four new kinds: `just_below_threshold`,
/// `weekend_posting`, `holiday_posting`, `benford_deviation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnomalyKind {
    BalanceMismatch,
    BalanceUnverifiable,
    RunningBalanceError,
    DuplicateTransaction,
    DateOutOfOrder,
    DateOutsidePeriod,
    LargeTransaction,
    RoundAmount,
    /// New: amounts just below a reporting threshold or an approval limit.
    JustBelowThreshold,
    /// New: a posting dated on the region's weekend.
    WeekendPosting,
    /// New: a posting dated on a public holiday of the region.
    HolidayPosting,
    /// New: first digits far from Benford's law (Nigrini's nonconformity).
    BenfordDeviation,
}

impl AnomalyKind {
    /// The wire name (`snake_case`).
    pub fn as_str(self) -> &'static str {
        match self {
            AnomalyKind::BalanceMismatch => "balance_mismatch",
            AnomalyKind::BalanceUnverifiable => "balance_unverifiable",
            AnomalyKind::RunningBalanceError => "running_balance_error",
            AnomalyKind::DuplicateTransaction => "duplicate_transaction",
            AnomalyKind::DateOutOfOrder => "date_out_of_order",
            AnomalyKind::DateOutsidePeriod => "date_outside_period",
            AnomalyKind::LargeTransaction => "large_transaction",
            AnomalyKind::RoundAmount => "round_amount",
            AnomalyKind::JustBelowThreshold => "just_below_threshold",
            AnomalyKind::WeekendPosting => "weekend_posting",
            AnomalyKind::HolidayPosting => "holiday_posting",
            AnomalyKind::BenfordDeviation => "benford_deviation",
        }
    }
}

/// One finding. `transactions` are indices into `Statement::transactions` (the first is
/// the contract's `transaction_index`); `amount` is the amount concerned (the difference
/// for balance findings).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Anomaly {
    pub kind: AnomalyKind,
    pub severity: Severity,
    pub description: String,
    pub transactions: Vec<usize>,
    pub amount: Option<Cents>,
}

impl Anomaly {
    /// The contract's `transaction_index`: the first transaction concerned.
    pub fn transaction_index(&self) -> Option<usize> {
        self.transactions.first().copied()
    }
}

/// The audit's answer (the contract's `AuditResult` plus the Benford figures).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Audit {
    pub summary: Summary,
    /// Most severe first.
    pub anomalies: Vec<Anomaly>,
    /// Opening and closing read and opening + credits - debits = closing to the cent.
    pub balance_check_passed: bool,
    /// Benford first-digit test, when the statement has enough amounts (>= 300).
    pub benford: Option<BenfordResult>,
}

impl Audit {
    /// The anomalies of one kind.
    pub fn of_kind(&self, kind: AnomalyKind) -> impl Iterator<Item = &Anomaly> {
        self.anomalies.iter().filter(move |a| a.kind == kind)
    }
}
