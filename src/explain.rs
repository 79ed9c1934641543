//! `arbiter explain`: a scenario walked through under one profile, as the
//! seed pages lay out their examples (a row per turn, a column per side,
//! the rules' state after the turn), printed as text or as a self-contained
//! HTML page with the board beside the table. Generic over the game: each
//! game writes its own cells, state column and pictures (`Rules` hooks).

use std::fmt::Write as _;

use crate::rules::{Game, Illegal, RuleProfile, Rules, Scene, Seat, Verdict};
use crate::scenario::any::{AnyScenario, VisitScenario, typed};
use crate::scenario::format::Legality;
use crate::scenario::load::Scenario;
use crate::svg::esc;

/// One cell of the table: an action and what the rules said of it.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// The game's text for the cell.
    pub text: String,
    /// The position after the action (an index into
    /// [`Walkthrough::frames`]), when it was played.
    pub frame: Option<usize>,
}

/// One row: a turn.
#[derive(Clone, Debug, Default)]
pub struct Row {
    /// The turn number.
    pub turn: String,
    /// The first side's action, then the second's.
    pub cells: [Cell; 2],
    /// The rules' state after the turn.
    pub state: String,
}

/// One picture of the page: a position of the game (the setup first), or
/// an action the rules refused in the position reached.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The game's picture of it, if it draws one.
    pub svg: Option<String>,
    /// The game's text picture (`arbiter show`'s board).
    pub text: String,
    /// What happened last.
    pub caption: String,
    /// How many actions were played to reach the position; `None` for a
    /// refused action's picture.
    pub ply: Option<usize>,
}

/// A scenario walked through under one profile.
#[derive(Clone, Debug)]
pub struct Walkthrough {
    /// Scenario id, title and source.
    pub id: String,
    /// The scenario's title.
    pub title: String,
    /// Where its example comes from.
    pub source: String,
    /// The profile.
    pub profile: String,
    /// The headings of the table's four columns: the turn, the first and
    /// the second side, the state.
    pub headings: [String; 4],
    /// The turns.
    pub rows: Vec<Row>,
    /// Why refused or illegal actions are so, numbered from 1.
    pub footnotes: Vec<String>,
    /// Every picture: the positions, the setup first, and the refused
    /// actions the game draws, each after the position it was refused in.
    pub frames: Vec<Frame>,
    /// How the game stands after the last action, and the probes' verdicts,
    /// each linked to its picture when the game draws the refusal (`None`
    /// when an action of the scenario was illegal).
    pub end: Option<(String, Vec<Cell>)>,
    /// For a scenario whose setup the rules refuse (`refused:`): the
    /// reference's refusal, with the clause. There is then no game, no row
    /// and no end.
    pub refusal: Option<String>,
}

impl Walkthrough {
    /// Whether every action of the line could be played (or, for a refused
    /// setup, whether the reference refused it as the scenario states).
    pub fn complete(&self) -> bool {
        self.end.is_some() || self.refusal.is_some()
    }
}

/// What the walk has seen so far, for the game's pictures.
struct Seen<'a, G: Rules> {
    setup: &'a G::Setup,
    profile: &'a G::Profile,
    played: Vec<G::Action>,
    positions: Vec<G::Setup>,
    notes: Vec<G::Note>,
}

impl<G: Rules> Seen<'_, G> {
    /// The game's picture of the position reached, or of `refused` there.
    fn picture(&self, refused: Option<&Illegal<G>>) -> Option<String> {
        G::picture(&Scene {
            setup: self.setup,
            played: &self.played,
            positions: &self.positions,
            notes: &self.notes,
            profile: self.profile,
            refused,
        })
    }
}

/// The picture of `action` refused in `game`'s position, as a frame, when
/// the game draws one.
fn refusal_frame<G: Rules>(
    seen: &Seen<'_, G>,
    game: &dyn Game<G>,
    action: &G::Action,
) -> Option<Frame> {
    let Verdict::Illegal(ill) = game.judge(action) else {
        return None;
    };
    let svg = seen.picture(Some(&ill))?;
    Some(Frame {
        svg: Some(svg),
        text: game.render(),
        caption: format!("refused: {ill}"),
        ply: None,
    })
}

/// When drawing, the frame of `action`'s refusal pushed onto `frames`, and
/// its index there.
fn draw_refusal<G: Rules>(
    draw: bool,
    frames: &mut Vec<Frame>,
    seen: &Seen<'_, G>,
    game: &dyn Game<G>,
    action: &G::Action,
) -> Option<usize> {
    if !draw {
        return None;
    }
    let f = refusal_frame(seen, game, action)?;
    frames.push(f);
    Some(frames.len() - 1)
}

/// Walks the profile's own line of `s`: a refused action gets a row of its
/// own and a footnote with the reason, and the profile's continuation goes
/// on below it.
pub fn walk<G: Rules>(s: &Scenario<G>, profile: &G::Profile) -> Result<Walkthrough, String> {
    walk_drawing(s, profile, true)
}

/// [`walk`] without the pictures (no frame, and no position or note kept
/// for one): the table `arbiter explain` prints, whose cost in memory is
/// then a row per turn however long the line.
pub fn walk_table<G: Rules>(s: &Scenario<G>, profile: &G::Profile) -> Result<Walkthrough, String> {
    walk_drawing(s, profile, false)
}

fn walk_drawing<G: Rules>(
    s: &Scenario<G>,
    profile: &G::Profile,
    draw: bool,
) -> Result<Walkthrough, String> {
    if s.refused.is_some() {
        return refused_walk(s, profile);
    }
    let mut game = G::reference()
        .start(&s.setup, profile)
        .map_err(|e| format!("setup refused: {e}"))?;
    let line = s.line(profile.name());
    let first = game.side_to_move().to_string();
    let mut second = String::new();
    let mut rows: Vec<Row> = Vec::new();
    let mut row: Option<Row> = None;
    let mut footnotes: Vec<String> = Vec::new();
    let mut state = String::new();
    let mut seen = Seen::<G> {
        setup: &s.setup,
        profile,
        played: Vec::new(),
        positions: game.position().into_iter().collect(),
        notes: Vec::new(),
    };
    let mut frames = Vec::new();
    if draw {
        frames.push(Frame {
            svg: seen.picture(None),
            text: game.render(),
            caption: "the setup".into(),
            ply: Some(0),
        });
    }
    let sheet = G::SHEET;
    let columns = sheet.sides;
    // The number of the row being written, and the column of the refusal
    // that closed the last row, if one did (the same side's next action
    // goes on with that turn), for games that number their own turns.
    let mut number = G::explain_first_turn(&s.setup);
    let mut refused_in: Option<usize> = None;
    // The column whose cell the last action opened (a roll waiting for its
    // play), if any.
    let mut open: Option<usize> = None;
    let mut failed = false;
    let close = |row: &mut Option<Row>, rows: &mut Vec<Row>, state: &str| {
        if let Some(mut r) = row.take() {
            r.state = state.to_string();
            rows.push(r);
        }
    };
    for m in &line.moves {
        let side = game.side_to_move();
        let name = side.to_string();
        let by_side = usize::from(name != first);
        if by_side == 1 && second.is_empty() {
            second = name;
        }
        let ply = game.ply();
        // The state before this action, for the row it may close.
        let before = state.clone();
        let exp = m.expectations(profile.name());
        let refused = exp.expect == Some(Legality::Illegal);
        let unseated = || Seat {
            column: open.unwrap_or(by_side),
            opens: false,
        };
        let (cell, seat) = if refused {
            footnotes.push(format!("{}  {}", m.mv, game.judge(&m.mv)));
            let frame = draw_refusal(draw, &mut frames, &seen, game.as_ref(), &m.mv);
            let cell = Cell {
                text: format!("{}  refused [{}]", m.mv, footnotes.len()),
                frame,
            };
            (cell, G::explain_seat(&side, None).unwrap_or_else(unseated))
        } else {
            match game.play(&m.mv) {
                Ok(note) => {
                    state = G::explain_state(&note);
                    seen.played.push(m.mv.clone());
                    if draw
                        && seen.positions.len() == seen.played.len()
                        && let Some(p) = game.position()
                    {
                        seen.positions.push(p);
                    }
                    let caption = format!("ply {}: {}", seen.played.len(), G::describe(&note));
                    let cell_text = G::explain_cell(&note, &exp.annotations);
                    let seat = G::explain_seat(&side, Some(&note)).unwrap_or(Seat {
                        column: by_side,
                        opens: false,
                    });
                    if draw {
                        seen.notes.push(note);
                        frames.push(Frame {
                            svg: seen.picture(None),
                            text: game.render(),
                            caption,
                            ply: Some(seen.played.len()),
                        });
                    }
                    let cell = Cell {
                        text: cell_text,
                        frame: draw.then(|| frames.len() - 1),
                    };
                    (cell, seat)
                }
                Err(ill) => {
                    failed = true;
                    footnotes.push(format!("{}  {ill}", m.mv));
                    let cell = Cell {
                        text: format!("{}  illegal [{}]", m.mv, footnotes.len()),
                        frame: None,
                    };
                    (cell, G::explain_seat(&side, None).unwrap_or_else(unseated))
                }
            }
        };
        let col = seat.column.min(1);
        let joins =
            open == Some(col) && row.as_ref().is_some_and(|r| !r.cells[col].text.is_empty());
        match row.as_mut() {
            Some(r) if joins => {
                let c = &mut r.cells[col];
                c.text.push(' ');
                c.text.push_str(&cell.text);
                c.frame = cell.frame.or(c.frame);
            }
            _ => {
                let taken = row.as_ref().is_some_and(|r| {
                    !r.cells[col].text.is_empty() || (col == 0 && !r.cells[1].text.is_empty())
                });
                if taken {
                    close(&mut row, &mut rows, &before);
                }
                let turn = match columns {
                    Some(_) => {
                        // Each new row is a new turn, but for the action
                        // that takes the place of one refused just before.
                        if row.is_none() && !rows.is_empty() && refused_in != Some(col) {
                            number += 1;
                        }
                        number
                    }
                    None => ply / 2 + 1,
                };
                let r = row.get_or_insert_with(|| Row {
                    turn: turn.to_string(),
                    ..Row::default()
                });
                r.cells[col] = cell;
            }
        }
        open = (seat.opens && !refused && !failed).then_some(col);
        refused_in = None;
        if refused || failed {
            // The refused action stays on a row of its own (or ends the
            // cell it joined); the state is the one before it.
            refused_in = Some(col);
            close(&mut row, &mut rows, &state);
        }
        if failed {
            break;
        }
    }
    close(&mut row, &mut rows, &state);
    if second.is_empty() {
        // Only one side acted: the other is the one to move now (or, when
        // the game ended, the one that would have been).
        let now = game.side_to_move().to_string();
        if now != first {
            second = now;
        }
    }
    let end = (!failed).then(|| {
        let to_move = game.side_to_move().to_string();
        let mut probes: Vec<Cell> = line
            .probes
            .iter()
            .map(|p| {
                let frame = draw_refusal(draw, &mut frames, &seen, game.as_ref(), &p.mv);
                Cell {
                    text: format!("  {:<8} {}", p.mv.to_string(), game.judge(&p.mv)),
                    frame,
                }
            })
            .collect();
        if !probes.is_empty() {
            probes.insert(
                0,
                Cell {
                    text: format!("{to_move} to move; probes:"),
                    frame: None,
                },
            );
        }
        (game.outcome().to_string(), probes)
    });
    let [a, b] = match columns {
        Some([a, b]) => [a.to_string(), b.to_string()],
        None => [first, second],
    };
    Ok(Walkthrough {
        id: s.id.clone(),
        title: s.title.clone(),
        source: s.source.clone(),
        profile: profile.name().to_string(),
        headings: [sheet.turn.to_string(), a, b, sheet.state.to_string()],
        rows,
        footnotes,
        frames,
        end,
        refusal: None,
    })
}

/// What the reference says of a scenario's refused setup: `Ok` with its
/// reason when it refuses the setup as the scenario states, `Err` when it
/// starts a game from it.
pub(crate) fn refusal_of<G: Rules>(
    s: &Scenario<G>,
    profile: &G::Profile,
) -> Result<String, String> {
    let clause = s.refused.as_ref().map_or("", |r| r.clause.as_str());
    match G::reference().start(&s.setup, profile) {
        Err(e) => Ok(format!("the setup is refused, as {clause} requires: {e}")),
        Ok(_) => Err(format!(
            "the scenario states that {clause} refuses the setup, but the reference starts a game from it"
        )),
    }
}

/// The walk of a scenario whose setup the rules refuse: no game, so no
/// rows; the one picture is the setup as the protocol writes it, and the
/// reference's refusal says why.
fn refused_walk<G: Rules>(s: &Scenario<G>, profile: &G::Profile) -> Result<Walkthrough, String> {
    let why = refusal_of(s, profile)?;
    let sheet = G::SHEET;
    let [a, b] = sheet.sides.unwrap_or(["", ""]);
    let written = serde_json::to_string_pretty(&G::setup_to_wire(&s.setup)).unwrap_or_default();
    Ok(Walkthrough {
        id: s.id.clone(),
        title: s.title.clone(),
        source: s.source.clone(),
        profile: profile.name().to_string(),
        headings: [
            sheet.turn.to_string(),
            a.to_string(),
            b.to_string(),
            sheet.state.to_string(),
        ],
        rows: Vec::new(),
        footnotes: Vec::new(),
        frames: vec![Frame {
            svg: None,
            text: written,
            caption: "the setup, as the protocol writes it: no game starts from it".into(),
            ply: Some(0),
        }],
        end: None,
        refusal: Some(why),
    })
}

/// The table as text: columns as wide as their longest cell, so long cells
/// never push the next column out of line.
pub fn text(w: &Walkthrough) -> String {
    let mut out = format!(
        "{} — {}\nsource: {}\nprofile: {}\n\n",
        w.id, w.title, w.source, w.profile
    );
    let header = w.headings.clone();
    let rows: Vec<[String; 4]> = w
        .rows
        .iter()
        .map(|r| {
            [
                r.turn.clone(),
                r.cells[0].text.clone(),
                r.cells[1].text.clone(),
                r.state.clone(),
            ]
        })
        .collect();
    let mut width = [0usize; 4];
    for r in std::iter::once(&header).chain(&rows) {
        for (wd, cell) in width.iter_mut().zip(r) {
            *wd = (*wd).max(cell.chars().count());
        }
    }
    for r in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (i, (cell, wd)) in r.iter().zip(width).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            line.extend(std::iter::repeat_n(' ', wd - cell.chars().count()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for (i, f) in w.footnotes.iter().enumerate() {
        let _ = writeln!(out, "[{}] {f}", i + 1);
    }
    if let Some(why) = &w.refusal {
        let _ = writeln!(out, "\n{why}");
    }
    if let Some((outcome, probes)) = &w.end {
        let _ = writeln!(out, "\nafter the last move: {outcome}");
        for p in probes {
            let _ = writeln!(out, "{}", p.text);
        }
    }
    out
}

/// The page's script: steps through the frames with the buttons, the
/// arrow keys or a click on a cell, and marks the cell of the picture
/// shown; `#ply-N` in the address opens the position after N actions,
/// `#frame-N` the N-th picture (counting refusals' pictures too). It also writes what it drew into `#drawn` (the number of frames
/// and the size of the board as laid out), which the headless-browser
/// test reads.
const SCRIPT: &str = r#"
(function () {
  var frames = document.querySelectorAll('.frame');
  var cells = document.querySelectorAll('[data-frame]');
  var at = 0;
  function show(i) {
    if (i < 0 || i >= frames.length) return;
    at = i;
    frames.forEach(function (f, j) { f.hidden = j !== i; });
    cells.forEach(function (c) { c.classList.toggle('current', +c.dataset.frame === i); });
    document.getElementById('position').textContent = (i + 1) + ' / ' + frames.length;
  }
  document.getElementById('prev').onclick = function () { show(at - 1); };
  document.getElementById('next').onclick = function () { show(at + 1); };
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('last').onclick = function () { show(frames.length - 1); };
  cells.forEach(function (c) { c.onclick = function () { show(+c.dataset.frame); }; });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowRight') show(at + 1);
    if (e.key === 'ArrowLeft') show(at - 1);
  });
  var asked = /^#(ply|frame)-(\d+)$/.exec(location.hash);
  var plies = document.querySelectorAll('.frame[data-ply]');
  if (!asked) show(0);
  else if (asked[1] === 'frame') show(Math.min(+asked[2], frames.length - 1));
  else show(+plies[Math.min(+asked[2], plies.length - 1)].dataset.index);
  var board = frames[0].querySelector('svg');
  var box = board ? board.getBoundingClientRect() : { width: 0, height: 0 };
  var pieces = board ? board.querySelectorAll('.piece').length : 0;
  document.getElementById('drawn').textContent =
    'frames=' + frames.length + ' board=' + Math.round(box.width) + 'x' + Math.round(box.height) + ' pieces=' + pieces;
})();
"#;

/// The picture of frame `i` with its ids (an arrow head's marker, say) made
/// its own: every picture of a game defines the same ids, and `url(#id)`
/// finds the first in the page, which sits in a hidden frame and draws
/// nowhere.
fn own_ids(svg: &str, i: usize) -> String {
    svg.replace("id=\"", &format!("id=\"f{i}-"))
        .replace("url(#", &format!("url(#f{i}-"))
}

/// The page: the table on the left, the board on the right, one frame per
/// position, everything inline (no file or network is fetched).
pub fn html(w: &Walkthrough) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{id} — {title}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}
.layout {{ display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2em; align-items: start; }}
pre {{ white-space: pre-wrap; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #aaa; padding: 0.25em 0.5em; text-align: left; vertical-align: top; font-family: monospace; white-space: pre-wrap; }}
td[data-frame] {{ cursor: pointer; }}
td.current, span.current {{ background: #ffe9b3; }}
span[data-frame] {{ cursor: pointer; text-decoration: underline dotted; }}
.controls button {{ font-size: 1em; margin-right: 0.3em; }}
.caption {{ max-width: 36em; margin: 0.4em 0; }}
pre.text-board {{ font-size: 0.8em; }}
#drawn {{ display: none; }}
</style>
</head>
<body>
<h1>{id}</h1>
<p>{title}<br>source: {source}<br>profile: <b>{profile}</b></p>
<div class="layout">
<div class="table">
<table>
<tr><th>{turn}</th><th>{a}</th><th>{b}</th><th>{state}</th></tr>
"#,
        id = esc(&w.id),
        title = esc(&w.title),
        source = esc(&w.source),
        profile = esc(&w.profile),
        turn = esc(&w.headings[0]),
        a = esc(&w.headings[1]),
        b = esc(&w.headings[2]),
        state = esc(&w.headings[3]),
    );
    for r in &w.rows {
        let _ = write!(out, "<tr><td>{}</td>", esc(&r.turn));
        for c in &r.cells {
            match c.frame {
                Some(f) => {
                    let _ = write!(out, "<td data-frame=\"{f}\">{}</td>", esc(&c.text));
                }
                None => {
                    let _ = write!(out, "<td>{}</td>", esc(&c.text));
                }
            }
        }
        let _ = writeln!(out, "<td>{}</td></tr>", esc(&r.state));
    }
    out.push_str("</table>\n");
    for (i, f) in w.footnotes.iter().enumerate() {
        let _ = writeln!(out, "<p class=\"footnote\">[{}] {}</p>", i + 1, esc(f));
    }
    match (&w.end, &w.refusal) {
        (None, Some(why)) => {
            let _ = writeln!(out, "<p><b>{}</b></p>", esc(why));
        }
        (Some((outcome, probes)), _) => {
            let _ = writeln!(out, "<p>after the last move: {}</p>", esc(outcome));
            if !probes.is_empty() {
                out.push_str("<pre class=\"probes\">");
                for p in probes {
                    match p.frame {
                        Some(f) => {
                            let _ =
                                writeln!(out, "<span data-frame=\"{f}\">{}</span>", esc(&p.text));
                        }
                        None => {
                            let _ = writeln!(out, "{}", esc(&p.text));
                        }
                    }
                }
                out.push_str("</pre>\n");
            }
        }
        (None, None) => out.push_str("<p><b>The scenario stops at an illegal action.</b></p>\n"),
    }
    out.push_str(
        "</div>\n<div class=\"board-view\">\n<div class=\"controls\"><button id=\"first\" title=\"the setup\">«</button><button id=\"prev\" title=\"back a move (←)\">‹</button><button id=\"next\" title=\"on a move (→)\">›</button><button id=\"last\" title=\"the last position\">»</button> <span id=\"position\"></span></div>\n",
    );
    for (i, f) in w.frames.iter().enumerate() {
        let hidden = if i == 0 { "" } else { " hidden" };
        let ply = f
            .ply
            .map_or(String::new(), |n| format!(" data-ply=\"{n}\""));
        let _ = write!(out, "<div class=\"frame\" data-index=\"{i}\"{ply}{hidden}>");
        let _ = write!(out, "<p class=\"caption\">{}</p>", esc(&f.caption));
        match &f.svg {
            Some(svg) => out.push_str(&own_ids(svg, i)),
            None => {
                let _ = write!(out, "<pre class=\"text-board\">{}</pre>", esc(&f.text));
            }
        }
        out.push_str("</div>\n");
    }
    let _ = write!(
        out,
        "</div>\n</div>\n<div id=\"drawn\"></div>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

/// The profile to replay a scenario under: the named one, or its first.
fn replay_profile<G: Rules>(s: &Scenario<G>, name: Option<&str>) -> Result<G::Profile, String> {
    match name {
        None => Ok(s.profiles[0].clone()),
        Some(n) => G::Profile::parse(n),
    }
}

/// `arbiter show`, `arbiter explain` and `explain --html` on a scenario of
/// any game.
pub trait Explain {
    /// The position after each action, pictured (`arbiter show`).
    fn show(&self, profile: Option<&str>) -> Result<String, String>;
    /// The per-action table (`arbiter explain`).
    fn explain(&self, profile: Option<&str>) -> Result<String, String>;
    /// `arbiter explain --html`: the same walk as a self-contained page,
    /// the table beside the board (a page is written even when an action
    /// is illegal: it shows where the line stops). `Err` when there is no
    /// page: a setup or profile that does not start a game, or a line of
    /// more than [`HTML_MAX_ACTIONS`] actions.
    fn explain_html(&self, profile: Option<&str>) -> Result<String, String>;
}

/// The most actions (moves and probes of the profile's line) that
/// `explain --html` draws: every action adds a picture of the board to the
/// page (about 9 KB of page and more of memory each), so a line of 20,000
/// moves made a page of 187 MB. A longer line is refused with an error
/// before anything is walked or written. The longest scenario of the
/// corpus has about 70 moves.
pub const HTML_MAX_ACTIONS: usize = 1_000;

/// Which of [`Explain`]'s views, run on the typed scenario.
enum View<'a> {
    Show(Option<&'a str>),
    Text(Option<&'a str>),
    Html(Option<&'a str>),
}

impl VisitScenario for View<'_> {
    type Out = Result<String, String>;
    fn scenario<G: Rules>(&mut self, s: &Scenario<G>) -> Self::Out {
        match *self {
            View::Show(p) => show_typed(s, p),
            View::Text(p) => {
                let w = walk_table(s, &replay_profile(s, p)?)?;
                let text = text(&w);
                if w.complete() { Ok(text) } else { Err(text) }
            }
            View::Html(p) => {
                let profile = replay_profile(s, p)?;
                let line = s.line(profile.name());
                let actions = line.moves.len() + line.probes.len();
                if actions > HTML_MAX_ACTIONS {
                    return Err(format!(
                        "explain --html draws at most {HTML_MAX_ACTIONS} actions (moves and probes), and {} has {actions} under profile {}: a page of that many pictures is too large to open; `arbiter explain` prints the table without pictures",
                        s.id,
                        profile.name()
                    ));
                }
                Ok(html(&walk(s, &profile)?))
            }
        }
    }
}

impl Explain for dyn AnyScenario + '_ {
    fn show(&self, profile: Option<&str>) -> Result<String, String> {
        typed(self, &mut View::Show(profile))
    }

    fn explain(&self, profile: Option<&str>) -> Result<String, String> {
        typed(self, &mut View::Text(profile))
    }

    fn explain_html(&self, profile: Option<&str>) -> Result<String, String> {
        typed(self, &mut View::Html(profile))
    }
}

/// `arbiter show`: the position after each action of the profile's line.
fn show_typed<G: Rules>(s: &Scenario<G>, profile: Option<&str>) -> Result<String, String> {
    let profile = replay_profile(s, profile)?;
    let mut out = format!(
        "{} — {}\nsource: {}\nprofile: {}\n",
        s.id,
        s.title,
        s.source,
        profile.name()
    );
    if let Some(p) = &s.placement {
        out.push_str(&format!("placement: {}\n", p.trim()));
    }
    if s.refused.is_some() {
        // Nothing to show but the refusal: no game starts.
        return match refusal_of(s, &profile) {
            Ok(why) => Ok(format!("{out}\n{why}\n")),
            Err(why) => Err(format!("{out}\n{why}\n")),
        };
    }
    let mut game = G::reference()
        .start(&s.setup, &profile)
        .map_err(|e| format!("setup refused: {e}"))?;
    out.push_str(&format!(
        "\nstart, {} to move\n{}\n",
        game.side_to_move(),
        game.render()
    ));
    // The profile's own line: a move it refuses is judged, then its
    // continuation (if any) is played.
    let line = s.line(profile.name());
    for (i, m) in line.moves.iter().enumerate() {
        let exp = m.expectations(profile.name());
        if exp.expect == Some(Legality::Illegal) {
            out.push_str(&format!(
                "{}. {} {}
",
                i + 1,
                m.mv,
                game.judge(&m.mv)
            ));
            if m.continuation(profile.name()).is_some() {
                out.push_str(
                    "   this profile's continuation follows
",
                );
            }
            continue;
        }
        match game.play(&m.mv) {
            Ok(note) => {
                out.push_str(&format!(
                    "{}. {}\n{}\n",
                    i + 1,
                    G::describe(&note),
                    game.render()
                ));
                let outcome = game.outcome();
                if G::is_over(&outcome) {
                    out.push_str(&format!("game over: {outcome}\n"));
                }
            }
            Err(ill) => {
                return Err(format!("{out}{}. {ill}", i + 1));
            }
        }
    }
    Ok(out)
}
