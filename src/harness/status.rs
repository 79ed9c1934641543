//! The status of a scenario or of one profile's run of it (`pass`,
//! `fail`, `skip`, …): the one word every report and every comparison with
//! a baseline is about, kept apart from both.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The status of a scenario (or of one profile of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every answer agreed with the truth.
    Pass,
    /// Some answer departed from the truth.
    Fail,
    /// Listed as an expected failure, and did not pass.
    Xfail,
    /// Listed as an expected failure, but passed: counts as a failure, so the
    /// list is kept honest.
    Xpass,
    /// Not run: not selected, not written for the profile, or declined by the
    /// implementation as unsupported.
    Skip,
    /// The implementation's reply broke the protocol, or the scenario could
    /// not be judged.
    Error,
    /// No reply in time.
    Timeout,
    /// The implementation died or could not start.
    Crash,
}

/// The status of a case whose exchange went wrong: an unreadable reply is
/// an error, no reply in time a timeout, a dead process a crash.
impl From<super::subject::TroubleKind> for Status {
    fn from(kind: super::subject::TroubleKind) -> Status {
        use super::subject::TroubleKind;
        match kind {
            TroubleKind::Error => Status::Error,
            TroubleKind::Timeout => Status::Timeout,
            TroubleKind::Crash => Status::Crash,
        }
    }
}

impl Status {
    /// Every status, in report order.
    pub const ALL: [Status; 8] = [
        Status::Pass,
        Status::Fail,
        Status::Xfail,
        Status::Xpass,
        Status::Skip,
        Status::Error,
        Status::Timeout,
        Status::Crash,
    ];

    /// The lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Xfail => "xfail",
            Status::Xpass => "xpass",
            Status::Skip => "skip",
            Status::Error => "error",
            Status::Timeout => "timeout",
            Status::Crash => "crash",
        }
    }

    /// Whether this status makes the run fail.
    pub fn is_failure(self) -> bool {
        matches!(
            self,
            Status::Fail | Status::Xpass | Status::Error | Status::Timeout | Status::Crash
        )
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
