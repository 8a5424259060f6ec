//! Overlap resolution: higher confidence wins, then a validated candidate, then the longer.

use super::EntityKind;
use super::candidate::Candidate;

pub(crate) fn resolve(mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    drop_names_inside_addresses(&mut candidates);
    candidates.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.validated.cmp(&a.validated))
            .then((b.end - b.start).cmp(&(a.end - a.start)))
            .then(a.start.cmp(&b.start))
    });
    let mut kept: Vec<Candidate> = Vec::new();
    for c in candidates {
        if kept.iter().all(|k| c.end <= k.start || c.start >= k.end) {
            kept.push(c);
        }
    }
    kept.sort_by_key(|c| c.start);
    kept
}

/// Street and city names are often capitalised words a name list knows ("Gordon Terrace",
/// "Victor Hugo u. 49"): a name candidate lying within a confident address loses to it.
fn drop_names_inside_addresses(candidates: &mut Vec<Candidate>) {
    let addresses: Vec<(usize, usize)> = candidates
        .iter()
        .filter(|c| c.kind == EntityKind::Address && c.score >= ADDRESS_WINS)
        .map(|c| (c.start, c.end))
        .collect();
    if addresses.is_empty() {
        return;
    }
    // House numbers and postcodes look like phone numbers; a phone without a cue or an
    // international prefix (score below `PHONE_KEEPS`) inside an address is part of it.
    candidates.retain(|c| {
        let inside = addresses.iter().any(|&(a, b)| c.start >= a && c.end <= b);
        !inside
            || c.kind != EntityKind::Name && (c.kind != EntityKind::Phone || c.score >= PHONE_KEEPS)
    });
}

/// The address confidence from which a contained name candidate is dropped.
const ADDRESS_WINS: f64 = 0.6;
/// A phone candidate at least this confident (cue or international form) stays.
const PHONE_KEEPS: f64 = 0.8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn higher_then_validated_then_longer_wins() {
        let a = Candidate::new(EntityKind::Phone, 0, 10, 0.6, false);
        let b = Candidate::new(EntityKind::Ssn, 2, 8, 0.9, true);
        let c = Candidate::new(EntityKind::Name, 20, 25, 0.5, false);
        let d = Candidate::new(EntityKind::Address, 18, 30, 0.5, false);
        let e = Candidate::new(EntityKind::IdNumber, 40, 45, 0.7, false);
        let f = Candidate::new(EntityKind::CreditCard, 40, 45, 0.7, true);
        let got = resolve(vec![a, b.clone(), c, d.clone(), e, f.clone()]);
        assert_eq!(got, [b, d, f]);
    }

    #[test]
    fn names_inside_addresses_give_way() {
        let name = Candidate::new(EntityKind::Name, 4, 18, 0.9, false);
        let addr = Candidate::new(EntityKind::Address, 0, 30, 0.7, false);
        assert_eq!(resolve(vec![name, addr.clone()]), [addr]);
    }
}
