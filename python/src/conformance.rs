//! `arbiter.conform`: the corpus against a Python object, through the same
//! harness as `arbiter conform` (`arbiter::harness::runner`). The object is
//! a protocol subject answered in-process: each request line the harness
//! writes is handed to the object's method for its query as a dict (the
//! request as the protocol spells it: `game`, `profile`, `setup`, `moves`,
//! `case`, and `move` for `judge`), and what the method returns is written
//! back as the reply line. A subject may also be a callable that answers a
//! whole request dict with a whole reply dict, as an adapter process
//! answers a request line (the examples' `reply` functions): its replies
//! are passed to the harness as written, `error` objects included, so the
//! adapter's own code runs in-process unchanged. Nothing here knows a
//! game.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use arbiter::harness::report::{ImplementationInfo, Report};
use arbiter::harness::runner::{self, assemble, run_sequential, selected};
use arbiter::harness::subject::{Subject, Trouble};
use arbiter::harness::xfail::Xfail;
use arbiter::protocol::VERSION;
use arbiter::protocol::message::{Hello, QueryKind};
use arbiter::scenario::any::AnyScenario;
use arbiter::scenario::load::LoadError;
use pyo3::prelude::*;
use serde_json::{Value, json};

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// A corpus: the scenarios that loaded and the errors of those that did not.
pub type Corpus = (Vec<Box<dyn AnyScenario>>, Vec<LoadError>);

/// The compiled-in corpus, parsed once.
pub fn builtin() -> &'static Corpus {
    static PARSED: OnceLock<Corpus> = OnceLock::new();
    PARSED.get_or_init(|| {
        arbiter::scenario::any::collect_loaded(
            CORPUS
                .iter()
                .map(|(path, text)| arbiter::scenario::any::parse(Path::new(path), text)),
            Vec::new(),
        )
    })
}

/// Runs `f` on the corpus at `paths`, or on the compiled-in one.
pub fn with_scenarios<R>(paths: Option<Vec<PathBuf>>, f: impl FnOnce(&Corpus) -> R) -> R {
    match paths {
        None => f(builtin()),
        Some(p) => f(&arbiter::scenario::any::load_all(&p)),
    }
}

/// A Python object as a protocol subject.
struct PySubject<'py> {
    obj: Bound<'py, PyAny>,
    /// The object is a callable answering whole requests with whole
    /// replies.
    replies: bool,
}

/// What a subject's exception is as a protocol error: `unsupported` for
/// `arbiter.Unsupported`; `bad-request` for a `ValueError` (so also
/// `arbiter.ArbiterError`), the exception Python raises for an argument it
/// refuses, such as a setup the rules refuse (`refused:` scenarios, which
/// expect `bad-request`); else `internal`.
fn error_kind(py: Python<'_>, e: &PyErr) -> &'static str {
    let unsupported = py
        .import("arbiter")
        .and_then(|m| m.getattr("Unsupported"))
        .is_ok_and(|cls| e.is_instance(py, &cls));
    if unsupported {
        "unsupported"
    } else if e.is_instance_of::<pyo3::exceptions::PyValueError>(py) {
        "bad-request"
    } else {
        "internal"
    }
}

impl PySubject<'_> {
    /// The reply of a callable subject to `request`, with the envelope
    /// (`protocol`, `id`) filled in where it left it out.
    fn reply(&self, request: &Value) -> Result<Value, (&'static str, String)> {
        let py = self.obj.py();
        let py_err = |e: PyErr| (error_kind(py, &e), format!("the subject raised {e}"));
        let arg = crate::from_json(py, request).map_err(py_err)?;
        let got = self.obj.call1((arg,)).map_err(py_err)?;
        match crate::to_json(py, &got).map_err(py_err)? {
            Value::Object(mut fields) => {
                fields.entry("protocol").or_insert(json!(VERSION));
                let id = request.get("id").cloned().unwrap_or(json!(0));
                fields.entry("id").or_insert(id);
                Ok(Value::Object(fields))
            }
            other => Err((
                "internal",
                format!("the subject replied {other}, not a dict"),
            )),
        }
    }

    fn answer(&self, request: &Value) -> Result<Value, (&'static str, String)> {
        if self.replies {
            return self.reply(request);
        }
        let py = self.obj.py();
        let id = request.get("id").cloned().unwrap_or(json!(0));
        let query = request.get("query").and_then(Value::as_str).unwrap_or("");
        let method = match query {
            "legal-moves" => "legal_moves",
            "judge" => "judge",
            "state" => "state",
            other => {
                return Err((
                    "bad-request",
                    format!("query `{other}` is not asked in-process"),
                ));
            }
        };
        let py_err = |e: PyErr| (error_kind(py, &e), format!("{method} raised {e}"));
        let arg = crate::from_json(py, request).map_err(py_err)?;
        let got = self.obj.call_method1(method, (arg,)).map_err(py_err)?;
        let got = crate::to_json(py, &got).map_err(py_err)?;
        let mut out = json!({"protocol": VERSION, "id": id});
        let map = out.as_object_mut().expect("an object");
        match query {
            "legal-moves" => {
                map.insert("legal-moves".into(), got);
            }
            "judge" => match got {
                Value::Null => {
                    map.insert("verdict".into(), json!("legal"));
                }
                rule => {
                    map.insert("verdict".into(), json!("illegal"));
                    map.insert("rule".into(), rule);
                }
            },
            _ => match got {
                Value::Object(fields) => map.extend(fields),
                other => return Err(("internal", format!("state returned {other}, not a dict"))),
            },
        }
        Ok(out)
    }
}

impl Subject for PySubject<'_> {
    fn exchange(&mut self, line: &str, _: QueryKind, _: Instant) -> Result<String, Trouble> {
        let request: Value = serde_json::from_str(line).unwrap_or(Value::Null);
        let id = request.get("id").cloned().unwrap_or(json!(0));
        Ok(match self.answer(&request) {
            Ok(v) => v.to_string(),
            Err((kind, message)) => json!({
                "protocol": VERSION,
                "id": id,
                "error": {"kind": kind, "message": message},
            })
            .to_string(),
        })
    }
}

/// What to run.
pub struct Run {
    pub game: String,
    pub profile: Option<String>,
    pub paths: Option<Vec<PathBuf>>,
    pub run: Vec<String>,
    pub skip: Vec<String>,
    pub xfail: Vec<String>,
    /// The fewest scenarios that must run for the run to pass (at least 1),
    /// as `arbiter conform --min-run`.
    pub min_run: usize,
}

/// Runs the corpus of `run.game` against `obj` and returns the report.
pub fn conform(obj: &Bound<'_, PyAny>, run: Run) -> PyResult<Report> {
    let (name, capabilities) = if is_reply_function(obj) {
        hello_of(obj)?
    } else {
        let name: String = obj
            .getattr("name")
            .and_then(|n| n.extract())
            .unwrap_or_else(|_| "python".to_string());
        let capabilities: Vec<String> = match obj.getattr("capabilities") {
            Ok(c) => c.extract()?,
            Err(_) => Vec::new(),
        };
        (name, capabilities)
    };
    with_scenarios(run.paths.clone(), |(scenarios, load_errors)| {
        conform_on(obj, run, name, capabilities, scenarios, load_errors.clone())
    })
}

/// Whether `obj` is a subject answering whole requests: a callable
/// without the method-per-query interface.
fn is_reply_function(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_callable() && !obj.hasattr("legal_moves").unwrap_or(false)
}

/// The name and capabilities a reply function gives in its `hello` reply.
fn hello_of(obj: &Bound<'_, PyAny>) -> PyResult<(String, Vec<String>)> {
    let subject = PySubject {
        obj: obj.clone(),
        replies: true,
    };
    let hello = subject
        .reply(&json!({"protocol": VERSION, "id": 0, "query": "hello"}))
        .map_err(|(_, m)| pyo3::exceptions::PyValueError::new_err(m))?;
    let name = hello
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("python")
        .to_string();
    let capabilities = hello
        .get("capabilities")
        .and_then(Value::as_array)
        .map(|c| {
            c.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    Ok((name, capabilities))
}

fn conform_on(
    obj: &Bound<'_, PyAny>,
    run: Run,
    name: String,
    capabilities: Vec<String>,
    scenarios: &[Box<dyn AnyScenario>],
    load_errors: Vec<LoadError>,
) -> PyResult<Report> {
    let opts = runner::Options {
        game: Some(run.game.clone()),
        profile: run.profile.clone(),
        run: run.run.clone(),
        skip: run.skip.clone(),
        xfail: Xfail::of(&run.xfail),
        // In-process answers cannot be cut off; the deadline is unused.
        timeout: Duration::from_secs(3600),
        jobs: 1,
    };
    let load_errors = runner::load_errors_of_game(load_errors, &opts);
    // As `arbiter conform`: a selection that leaves nothing is bad input.
    if selected(scenarios, &opts) == 0 && load_errors.is_empty() {
        return Err(crate::error(
            "no-scenario-selected",
            &format!(
                "no scenario selected: the game, profile and run/skip filters leave none of the {} scenarios",
                scenarios.len()
            ),
        ));
    }
    let hello = Hello {
        name: name.clone(),
        version: None,
        capabilities: capabilities.clone(),
        games: Some(vec![run.game.clone()]),
        // Every request spells every switch to an in-process object.
        profiles: Vec::new(),
    };
    let mut subject = PySubject {
        obj: obj.clone(),
        replies: is_reply_function(obj),
    };
    let cases = run_sequential(scenarios, &mut subject, &hello, &opts, &|_| {});
    let info = ImplementationInfo {
        name,
        version: None,
        command: Vec::new(),
        capabilities,
        profiles: Vec::new(),
    };
    let mut report = assemble(info, "python", &opts, scenarios, &load_errors, cases);
    // The same floor as `arbiter conform`: a run that tests nothing fails.
    if let Some(problem) = report.summary.too_few_ran(run.min_run) {
        report.problems.push(problem);
    }
    Ok(report)
}
