//! The item table's columns, from its heading row (`Description  Unit price  Qty  Amount`):
//! where the quantity and the unit price stand, so that an item row's numbers are read by the
//! column they sit under rather than by their order (a unit price printed before a
//! fractional quantity, `80.00  1.5  120.00`, is no quantity of 80).

use super::amounts::Amount;
use super::rows::Row;
use super::text::{fold, has_any};

/// Headings of the quantity column (lower case).
#[rustfmt::skip]
const QUANTITY: &[&str] = &[
    "qty", "quantity", "menge", "anzahl", "cant", "cant.", "cantidad", "qté", "qte", "quantité",
    "quantità", "qtà", "qtd", "quantidade", "aantal", "ilość", "ilosc", "数量", "수량", "الكمية",
];

/// Headings of the unit price column (lower case).
#[rustfmt::skip]
const PRICE: &[&str] = &[
    "price", "unit price", "rate", "preis", "einzelpreis", "e-preis", "precio", "prix",
    "prix unitaire", "prezzo", "preço", "prijs", "cena", "単価", "单价", "단가", "السعر",
];

/// The horizontal spans of the quantity and unit price headings.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Columns {
    quantity: Option<(u32, u32)>,
    price: Option<(u32, u32)>,
}

impl Columns {
    /// The columns of a heading row; both `None` when it names neither.
    pub fn of(heading: &Row) -> Columns {
        let span = |words: &[&str]| {
            let matching: Vec<(u32, u32)> = heading
                .cells
                .iter()
                .filter(|cell| has_any(&fold(&cell.text), words))
                .map(|cell| (cell.left, cell.right))
                .collect();
            match matching.as_slice() {
                [one] => Some(*one),
                _ => None,
            }
        };
        let (quantity, price) = (span(QUANTITY), span(PRICE));
        if quantity.is_some() && quantity == price {
            return Columns::default();
        }
        Columns { quantity, price }
    }

    /// The quantity and the unit price of an item row: the one amount of `candidates` whose
    /// cell sits under each heading, when both headings are known and each has exactly one.
    pub fn quantity_and_price<'a>(
        &self,
        row: &Row,
        candidates: &[&'a Amount],
    ) -> Option<(&'a Amount, &'a Amount)> {
        let under = |(left, right): (u32, u32)| {
            let found: Vec<&'a Amount> = candidates
                .iter()
                .copied()
                .filter(|a| {
                    row.cells
                        .get(a.cell)
                        .is_some_and(|cell| cell.right.min(right) > cell.left.max(left))
                })
                .collect();
            match found.as_slice() {
                [one] => Some(*one),
                _ => None,
            }
        };
        let quantity = under(self.quantity?)?;
        let price = under(self.price?)?;
        (!std::ptr::eq(quantity, price)).then_some((quantity, price))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::rows::rows_of;
    use crate::parse::test_support::page;

    #[test]
    fn the_headings_place_the_quantity_and_the_price() {
        let rows = rows_of(&[page(&[
            "Description      Unit price   Qty   Amount",
            "Consulting         80.00      1.5   120.00",
        ])]);
        let columns = Columns::of(&rows[0]);
        let amounts = crate::parse::amounts::amounts_in_cells(
            &rows[1]
                .cells
                .iter()
                .map(|c| c.text.clone())
                .collect::<Vec<_>>(),
            false,
        );
        let before: Vec<&Amount> = amounts[..2].iter().collect();
        let (quantity, price) = columns
            .quantity_and_price(&rows[1], &before)
            .expect("both columns");
        assert_eq!((quantity.cents, price.cents), (150, 8000));
        assert_eq!(Columns::of(&rows[1]), Columns::default());
    }
}
