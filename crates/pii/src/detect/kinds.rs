//! The kinds of entity the detector reports.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntityKind {
    Name,
    Email,
    Phone,
    Address,
    IdNumber,
    Passport,
    CreditCard,
    DateOfBirth,
    Ssn,
    BankAccount,
}

impl EntityKind {
    /// The snake_case name used on the wire.
    pub fn name(self) -> &'static str {
        match self {
            EntityKind::Name => "name",
            EntityKind::Email => "email",
            EntityKind::Phone => "phone",
            EntityKind::Address => "address",
            EntityKind::IdNumber => "id_number",
            EntityKind::Passport => "passport",
            EntityKind::CreditCard => "credit_card",
            EntityKind::DateOfBirth => "date_of_birth",
            EntityKind::Ssn => "ssn",
            EntityKind::BankAccount => "bank_account",
        }
    }
}
