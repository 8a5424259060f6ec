//! Quota charges in rounds. Concurrent requests queue their charges to one writer task, which
//! takes everything waiting and charges each (key, API, month) group with one conditional
//! statement for the group's total. When the total does not fit, the group's charges are made
//! one by one in arrival order, so exactly what fits is admitted, as if they had come singly.
//! The database thus sees one statement per busy key per round instead of one per request, and
//! SQLite's single write lock is never fought over by this process's own connections.

use std::collections::BTreeMap;

use anyhow::Result;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

use super::{Counted, charge};
use crate::api::Api;
use crate::db::Db;
use crate::storage_fault::{StorageFault, is_storage_fault};

/// One request's charge and where to answer: the units used after it, `None` if it did not
/// fit, or why the database failed.
pub(super) struct Charge {
    pub key_id: String,
    pub api: Api,
    pub period: String,
    pub day: String,
    pub cost: i64,
    pub limit: i64,
    pub reply: oneshot::Sender<Result<Option<i64>, anyhow::Error>>,
}

/// At most this many charges per round (one transaction).
const MAX_ROUND: usize = 512;
/// Charges waiting beyond this hold their request back until the writer catches up.
const QUEUE: usize = 4096;
/// How many times the writer lets other tasks run while charges keep arriving.
const GATHER_PASSES: usize = 4;

/// Starts the writer on the current Tokio runtime; it ends when every sender is gone. It keeps
/// one connection of the pool for itself, and takes a fresh one after a database error.
pub(super) fn start(db: Db) -> mpsc::Sender<Charge> {
    let (sender, mut queue) = mpsc::channel(QUEUE);
    tokio::spawn(async move {
        let mut conn: Option<PoolConnection<Any>> = None;
        let mut round = Vec::with_capacity(MAX_ROUND);
        while queue.recv_many(&mut round, MAX_ROUND).await > 0 {
            gather(&mut queue, &mut round).await;
            let outcome = match &mut conn {
                Some(conn) => charge_round(conn, &round).await,
                None => match db.pool.acquire().await {
                    Ok(fresh) => charge_round(conn.insert(fresh), &round).await,
                    Err(e) => Err(e.into()),
                },
            };
            if outcome.is_err() {
                conn = None;
            }
            answer(std::mem::take(&mut round), outcome);
        }
    });
    sender
}

/// Lets the requests that are ready to run queue their charges too, before the round starts:
/// on a busy server a round then carries many requests, on an idle one it waits for nothing.
async fn gather(queue: &mut mpsc::Receiver<Charge>, round: &mut Vec<Charge>) {
    for _ in 0..GATHER_PASSES {
        tokio::task::yield_now().await;
        let before = round.len();
        while round.len() < MAX_ROUND {
            match queue.try_recv() {
                Ok(charge) => round.push(charge),
                Err(_) => break,
            }
        }
        if round.len() == before || round.len() >= MAX_ROUND {
            return;
        }
    }
}

fn answer(round: Vec<Charge>, outcome: Result<Vec<Option<i64>>>) {
    match outcome {
        Ok(outcomes) => {
            for (charge, outcome) in round.into_iter().zip(outcomes) {
                let _ = charge.reply.send(Ok(outcome));
            }
        }
        Err(error) => {
            // One failure answers many callers: each gets its text, and whether it was the
            // storage failing (a 503 rather than a 500).
            let message = format!("{error:#}");
            let storage = is_storage_fault(error.as_ref());
            for charge in round {
                let error = if storage {
                    anyhow::Error::new(StorageFault(message.clone()))
                } else {
                    anyhow::Error::msg(message.clone())
                };
                let _ = charge.reply.send(Err(error));
            }
        }
    }
}

/// The charges of one (key, API, month, day, limit), in arrival order.
type Groups<'a> = BTreeMap<(&'a str, &'static str, &'a str, &'a str, i64), Vec<usize>>;

/// Charges a round: in one transaction when it touches several groups (taken in a fixed order,
/// so replicas on PostgreSQL lock rows in the same order and cannot deadlock).
async fn charge_round(conn: &mut AnyConnection, round: &[Charge]) -> Result<Vec<Option<i64>>> {
    let mut groups = Groups::new();
    for (i, c) in round.iter().enumerate() {
        groups
            .entry((&c.key_id, c.api.name(), &c.period, &c.day, c.limit))
            .or_default()
            .push(i);
    }
    let mut outcomes = vec![None; round.len()];
    if groups.len() == 1 {
        charge_groups(conn, round, &groups, &mut outcomes).await?;
    } else {
        let mut tx = conn.begin().await?;
        charge_groups(&mut tx, round, &groups, &mut outcomes).await?;
        tx.commit().await?;
    }
    Ok(outcomes)
}

async fn charge_groups(
    conn: &mut AnyConnection,
    round: &[Charge],
    groups: &Groups<'_>,
    outcomes: &mut [Option<i64>],
) -> Result<()> {
    for (&(key_id, api, period, day, limit), members) in groups {
        let counted = Counted {
            key_id,
            api,
            period,
            day,
        };
        let total = members.iter().map(|&i| round[i].cost).sum();
        if let Some(used) = charge(conn, &counted, total, limit).await? {
            let mut running = used - total;
            for &i in members {
                running += round[i].cost;
                outcomes[i] = Some(running);
            }
        } else if members.len() > 1 {
            for &i in members {
                outcomes[i] = charge(conn, &counted, round[i].cost, limit).await?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn charge_of(
        key_id: &str,
        cost: i64,
        limit: i64,
    ) -> (
        Charge,
        oneshot::Receiver<Result<Option<i64>, anyhow::Error>>,
    ) {
        let (reply, answer) = oneshot::channel();
        let charge = Charge {
            key_id: key_id.to_owned(),
            api: Api::Validate,
            period: "2026-11".to_owned(),
            day: "2026-11-26".to_owned(),
            cost,
            limit,
            reply,
        };
        (charge, answer)
    }

    async fn run(db: &Db, charges: &[(&str, i64, i64)]) -> Vec<Option<i64>> {
        let (round, answers): (Vec<_>, Vec<_>) = charges
            .iter()
            .map(|&(key, cost, limit)| charge_of(key, cost, limit))
            .unzip();
        let mut conn = db.pool.acquire().await.expect("connection");
        let outcome = charge_round(&mut conn, &round).await;
        answer(round, outcome);
        let mut outcomes = Vec::new();
        for answer in answers {
            outcomes.push(answer.await.expect("answered").expect("charged"));
        }
        outcomes
    }

    #[tokio::test]
    async fn a_group_that_fits_is_charged_in_arrival_order() {
        let db = Db::in_memory().await;
        assert_eq!(
            run(&db, &[("a", 1, 10), ("a", 3, 10), ("a", 2, 10)]).await,
            vec![Some(1), Some(4), Some(6)]
        );
    }

    #[tokio::test]
    async fn a_group_that_does_not_fit_admits_exactly_what_fits_in_order() {
        let db = Db::in_memory().await;
        assert_eq!(run(&db, &[("a", 7, 10)]).await, vec![Some(7)]);
        // 2 + 2 + 1 = 5 would pass 10: the first 2 fits (9), the second does not, the 1 does.
        assert_eq!(
            run(&db, &[("a", 2, 10), ("a", 2, 10), ("a", 1, 10)]).await,
            vec![Some(9), None, Some(10)]
        );
        assert_eq!(run(&db, &[("a", 1, 10)]).await, vec![None]);
    }

    #[tokio::test]
    async fn keys_are_charged_separately_in_one_round() {
        let db = Db::in_memory().await;
        assert_eq!(
            run(&db, &[("b", 2, 3), ("a", 1, 1), ("b", 2, 3), ("a", 1, 1)]).await,
            vec![Some(2), Some(1), None, None]
        );
        assert_eq!(run(&db, &[("b", 1, 3)]).await, vec![Some(3)]);
    }
}
