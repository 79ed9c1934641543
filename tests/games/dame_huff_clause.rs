//! A huff under a profile without huffing is refused by AD-1, the reading
//! that decides there is no huffing, on both implementations; the clause
//! was DA-6.2 (the huffing clause, whose readings are AD-3), so a report
//! named AD-3 for a refusal whose reason is AD-1 (issue 42). Under a
//! profile with huffing, a huff where none is open stays DA-6.2.

use arbiter::games::dame::board::Setup;
use arbiter::games::dame::game::Dame;
use arbiter::games::dame::moves::Action;
use arbiter::games::dame::profile::Profile;
use arbiter::rules::{Basics, Verdict};

fn refusal(profile: &Profile, imp: &str) -> (String, String) {
    let imp = Dame::implementations()
        .into_iter()
        .find(|i| i.name() == imp)
        .expect("the implementation");
    let game = imp.start(&Setup::start(), profile).expect("the start");
    let huff: Action = "huff c3".parse().unwrap();
    match game.judge(&huff) {
        Verdict::Illegal(i) => (i.clause, i.explanation),
        Verdict::Legal => panic!("a huff at the start is legal under {}", profile.name),
    }
}

#[test]
fn a_huff_without_huffing_is_refused_by_ad_1_on_both_implementations() {
    for imp in ["reference", "engine"] {
        for profile in [
            Profile::damenspiel(),
            Profile::english(),
            Profile::openspiel(),
        ] {
            let (clause, why) = refusal(&profile, imp);
            assert_eq!(clause, "AD-1", "{imp} under {}: {why}", profile.name);
            assert!(why.contains("has no huffing"), "{imp}: {why}");
        }
        let (clause, why) = refusal(&Profile::seed_004(), imp);
        assert_eq!(clause, "DA-6.2", "{imp} under seed-004: {why}");
    }
}
