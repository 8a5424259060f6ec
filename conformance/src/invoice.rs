//! The born-digital invoice the finance tests print and read, kept beside the parser that
//! must read it (`suite_finance::parse::invoice_fixture`, which the benchmark also prints).

pub use suite_finance::parse::invoice_fixture::*;
