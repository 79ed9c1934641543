//! When a per-case reply is complete. A per-case reply may span lines, so
//! the end of one line is not enough; waiting for the end of standard output
//! is not either, since a child of the engine may hold it open. The reply is
//! complete at the first line break after which every bracket that was
//! opened (outside strings) has been closed again: for a JSON object, its
//! end. Text that is not JSON ends at its first line break, and is then
//! reported as unreadable.

/// Reads a reply as it arrives, byte by byte.
#[derive(Clone, Debug, Default)]
pub struct Scanner {
    depth: i64,
    in_string: bool,
    escaped: bool,
    started: bool,
    complete: bool,
    /// How many bytes the reply took, its closing line break included, once
    /// it is complete.
    len: usize,
}

impl Scanner {
    /// Reads more bytes of the reply; returns whether it is now complete.
    pub fn feed(&mut self, bytes: &[u8]) -> bool {
        for &b in bytes {
            if self.complete {
                break;
            }
            self.len += 1;
            if b == b'\n' {
                // No JSON string spans lines.
                self.in_string = false;
                self.escaped = false;
                self.complete = self.started && self.depth <= 0;
                continue;
            }
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => self.depth -= 1,
                _ => {}
            }
            if !b.is_ascii_whitespace() {
                self.started = true;
            }
        }
        self.complete
    }

    /// Whether the reply is complete.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// How many bytes the complete reply took, its closing line break
    /// included (`None` while it is not complete): what follows is output
    /// after the reply.
    pub fn reply_len(&self) -> Option<usize> {
        self.complete.then_some(self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete(chunks: &[&str]) -> bool {
        let mut s = Scanner::default();
        chunks.iter().any(|c| s.feed(c.as_bytes()))
    }

    #[test]
    fn the_reply_ends_at_its_line_break_and_what_follows_is_not_read() {
        let mut s = Scanner::default();
        s.feed(b"\n{\"a\":\n1}");
        assert_eq!(s.reply_len(), None);
        s.feed(b"\n{\"b\": 2}\n");
        // A blank line, `{"a":`, a line break, `1}` and its line break.
        assert_eq!(s.reply_len(), Some(1 + 5 + 1 + 2 + 1));
    }

    #[test]
    fn an_object_is_complete_at_the_line_break_after_it() {
        assert!(complete(&["{\"a\": 1}\n"]));
        assert!(complete(&["{\"a\":", " [1,\n2]", "}", "\n"]));
        assert!(!complete(&["{\"a\":\n", "1"]));
        assert!(!complete(&["{\"a\": 1}"]));
    }

    #[test]
    fn brackets_in_strings_do_not_count() {
        assert!(!complete(&["{\"a\": \"}\\\"{\"\n"]));
        assert!(complete(&["{\"a\": \"}\\\"{\"}\n"]));
    }

    #[test]
    fn blank_lines_are_not_a_reply_and_garbage_ends_at_its_line() {
        assert!(!complete(&["\n\n  \n"]));
        assert!(complete(&["\n\nnot JSON\n"]));
        assert!(complete(&["}}\n"]));
    }
}
