//! `suite legal evaluate`: placeholder until the CUAD evaluation lands.

use std::path::Path;

pub fn run(_data: &Path, _verbose: bool) -> anyhow::Result<()> {
    anyhow::bail!("not yet")
}
