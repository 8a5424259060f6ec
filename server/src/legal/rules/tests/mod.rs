//! Tests of the rules, per category and for the engine.
