//! Per-address budgets: token buckets that refill with time. Submissions spend the steps they
//! ask the server to re-simulate (a short code can claim a long run, so counting requests would
//! let one address buy minutes of work a request); reads spend one token each. A bounded table.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most addresses remembered at once; past it, full (idle) buckets are forgotten first, and
/// a new address waits if none is.
const MAX_ADDRESSES: usize = 100_000;

/// One kind of budget for every address: `per_minute` tokens a minute, at most that many saved.
pub struct Budget {
    per_minute: u64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Budget {
    pub fn per_minute(per_minute: u64) -> Budget {
        Budget { per_minute, buckets: Mutex::new(HashMap::new()) }
    }

    /// Spends `cost` of `address`'s tokens, or says how long until it could.
    pub fn spend(&self, address: IpAddr, cost: u64, now: Instant) -> Result<(), Duration> {
        let capacity = self.per_minute as f64;
        let rate = capacity / 60.0;
        // A cost above the whole budget can never be paid: ask for a minute's wait, and the
        // caller's own bound (the mode's longest run) keeps such costs from being accepted.
        let cost = (cost as f64).min(capacity);
        let mut buckets = self.buckets.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&address) {
            buckets.retain(|_, b| b.tokens + rate * now.saturating_duration_since(b.at).as_secs_f64() < capacity);
            if buckets.len() >= MAX_ADDRESSES {
                return Err(Duration::from_secs(60));
            }
        }
        let bucket = buckets.entry(address).or_insert(Bucket { tokens: capacity, at: now });
        let tokens = (bucket.tokens + rate * now.saturating_duration_since(bucket.at).as_secs_f64()).min(capacity);
        bucket.at = now;
        if tokens >= cost {
            bucket.tokens = tokens - cost;
            Ok(())
        } else {
            bucket.tokens = tokens;
            Err(Duration::from_secs_f64(((cost - tokens) / rate).ceil().max(1.0)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_refills_with_time_and_is_per_address() {
        let budget = Budget::per_minute(600);
        let (me, you) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        assert_eq!(budget.spend(me, 500, t0), Ok(()));
        let wait = budget.spend(me, 200, t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(10), "100 tokens short at 10 a second");
        assert_eq!(budget.spend(you, 600, t0), Ok(()), "another address has its own budget");
        assert_eq!(budget.spend(me, 200, t0 + Duration::from_secs(10)), Ok(()));
    }

    #[test]
    fn a_cost_above_the_budget_waits_for_a_full_bucket() {
        let budget = Budget::per_minute(60);
        let me: IpAddr = "::1".parse().unwrap();
        let t0 = Instant::now();
        assert_eq!(budget.spend(me, 1_000_000, t0), Ok(()), "capped at the whole budget");
        assert!(budget.spend(me, 1, t0).is_err());
    }
}
