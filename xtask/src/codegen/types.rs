//! Rust wire types for the server, from the contract's component schemas (typify).

use anyhow::{Context, Result};
use openapiv3::OpenAPI;
use typify::{TypeSpace, TypeSpaceSettings};

/// Every component schema as a Rust type deriving `JsonSchema`, so that dropshot publishes
/// the same shapes the contract declares; `to_stream` renders them.
pub fn server_type_space(spec: &OpenAPI) -> Result<TypeSpace> {
    let mut settings = TypeSpaceSettings::default();
    settings
        .with_derive("schemars::JsonSchema".to_owned())
        .with_struct_builder(false);
    let mut space = TypeSpace::new(&settings);
    space
        .add_ref_types(component_schemas(spec)?)
        .context("typify rejected a component schema")?;
    Ok(space)
}

/// The contract's component schemas as schemars (JSON Schema) values, the form typify takes.
pub fn component_schemas(spec: &OpenAPI) -> Result<Vec<(String, schemars::schema::Schema)>> {
    let schemas = spec
        .components
        .as_ref()
        .map(|c| &c.schemas)
        .context("no components")?;
    schemas
        .iter()
        .map(|(name, schema)| {
            let json = serde_json::to_value(schema)?;
            let schema = serde_json::from_value(json).with_context(|| format!("schema {name}"))?;
            Ok((name.clone(), schema))
        })
        .collect()
}
