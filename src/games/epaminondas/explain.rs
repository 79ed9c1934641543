//! Epaminondas's lines of `arbiter show` and cells of `arbiter explain`.

use super::game::Note;
use super::scenario::Expectations;

/// One line of `arbiter show`: who moved how many stones where, what was
/// captured, and the crossings after the move.
pub fn describe(n: &Note) -> String {
    let mut s = format!(
        "{} {}: {} stone{} {} {}",
        n.side,
        n.mv,
        n.count,
        if n.count == 1 { "" } else { "s" },
        n.dir.name(),
        n.distance
    );
    if !n.captures.is_empty() {
        let c: Vec<String> = n.captures.iter().map(|s| s.to_string()).collect();
        s.push_str(&format!(", captures {}", c.join(" ")));
    }
    s.push_str(&format!(
        "  [crossings white {} black {}]",
        n.crossings.white, n.crossings.black
    ));
    s
}

/// One cell of `arbiter explain`: the move, its captures, and the
/// scenario's expected captures where they differ.
pub fn cell(n: &Note, exp: &Expectations) -> String {
    let mut s = n.mv.to_string();
    if !n.captures.is_empty() {
        let c: Vec<String> = n.captures.iter().map(|s| s.to_string()).collect();
        s.push_str(&format!(" x{}", c.join(",")));
    }
    if let Some(want) = &exp.captures {
        let mut w = want.clone();
        w.sort();
        let mut got: Vec<String> = n.captures.iter().map(|s| s.to_string()).collect();
        got.sort();
        if w != got {
            s.push_str(&format!(" (scenario expects captures [{}])", w.join(",")));
        }
    }
    s
}

/// The state column: crossings and who leads.
pub fn state(n: &Note) -> String {
    let lead = match n.crossings.leader() {
        Some(side) => format!("{side} leads"),
        None => "level".into(),
    };
    format!(
        "crossings {}–{}, {lead}",
        n.crossings.white, n.crossings.black
    )
}
