//! Globs on scenario ids for `--run`, `--skip` and `--misbehave-on`: `*`
//! matches any run of characters (slashes included, so `ts/*` selects a whole
//! group) and `?` exactly one; everything else matches itself.

/// Whether `text` matches `pattern`.
pub fn matches(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // Classic two-pointer match with backtracking to the last `*`.
    let (mut i, mut j) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        if i < p.len() && (p[i] == '?' || p[i] == t[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|c| *c == '*')
}

/// Whether `text` matches any of `patterns`.
pub fn any(patterns: &[String], text: &str) -> bool {
    patterns.iter().any(|p| matches(p, text))
}

#[cfg(test)]
mod tests {
    use super::matches;
    use rstest::rstest;

    #[rstest]
    #[case("ts/*", "ts/seed000-ex1", true)]
    #[case("ts/*", "rp/spy", false)]
    #[case("*ex1*", "ts/seed000-ex1-frontal", true)]
    #[case("rp/spy-attacks-marshal", "rp/spy-attacks-marshal", true)]
    #[case("rp/spy", "rp/spy-attacks-marshal", false)]
    #[case("rp/?py*", "rp/spy-attacks", true)]
    #[case("*a*b", "xaxxb", true)]
    #[case("*a*b", "xaxxbc", false)]
    #[case("", "", true)]
    #[case("*", "", true)]
    fn globs(#[case] pattern: &str, #[case] text: &str, #[case] want: bool) {
        assert_eq!(matches(pattern, text), want, "{pattern} vs {text}");
    }
}
