//! The buyer's problem cases (decisions.md §37): how long after the store marked an order
//! delivered its buyer may open one (`CASE_OPEN_DAYS`), and how long a case may go without
//! agreement before it goes to the admin's 'Disputas' (`CASE_ESCALATE_DAYS`).

use super::Vars;
use std::time::Duration;

const DAY: u64 = 24 * 3600;

/// The problem cases' settings.
#[derive(Debug, Clone)]
pub struct CasesConfig {
    /// How long after the delivery mark 'Tive um problema' may be used (`CASE_OPEN_DAYS`,
    /// default 7, at least 1).
    pub open_for: Duration,
    /// How long an open case waits for an agreement before the admin decides
    /// (`CASE_ESCALATE_DAYS`, default 5, at least 1).
    pub escalate_after: Duration,
}

pub(super) fn read(v: &Vars<'_>) -> anyhow::Result<CasesConfig> {
    Ok(CasesConfig {
        open_for: Duration::from_secs(v.num("CASE_OPEN_DAYS", 7)?.max(1) * DAY),
        escalate_after: Duration::from_secs(v.num("CASE_ESCALATE_DAYS", 5)?.max(1) * DAY),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::vars;

    #[test]
    fn defaults_are_seven_and_five_days_and_a_value_is_read() {
        let c = read(&vars(&[])).unwrap();
        assert_eq!(c.open_for, Duration::from_secs(7 * DAY));
        assert_eq!(c.escalate_after, Duration::from_secs(5 * DAY));
        let c = read(&vars(&[
            ("CASE_OPEN_DAYS", "10"),
            ("CASE_ESCALATE_DAYS", "0"),
        ]))
        .unwrap();
        assert_eq!(c.open_for, Duration::from_secs(10 * DAY));
        assert_eq!(c.escalate_after, Duration::from_secs(DAY));
        assert!(read(&vars(&[("CASE_OPEN_DAYS", "sete")])).is_err());
    }
}
