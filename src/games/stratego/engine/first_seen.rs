//! The first index at which each position hash stood since the window of
//! the more-squares rule last restarted (MS-6.3): a small open-addressing
//! table made for the one pattern the rule has, an insert per ply, a lookup
//! per chasing candidate, and an emptying at every fight under
//! `since-last-fight`.
//!
//! A general hash map empties by clearing its whole control array, which
//! costs the table's capacity at every fight (a few percent of all plies in
//! a random game); here each slot carries the generation it was written in,
//! so emptying is one increment and stale slots read as free. The hashes
//! are Zobrist keys, already uniform, so their low bits index the table
//! directly.

/// One slot: a hash, the first index it stood at, and the generation that
/// wrote it (a slot of an older generation is free).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    hash: u64,
    index: u32,
    generation: u32,
}

/// Hash → first index, emptied in constant time.
#[derive(Debug)]
pub struct FirstSeen {
    slots: Vec<Slot>,
    /// Live entries (of the current generation).
    len: usize,
    /// The current generation; slots written in another are free. Never
    /// 0, the generation of a slot never written.
    generation: u32,
}

/// Fewest slots a table has.
const MIN_SLOTS: usize = 8;

impl FirstSeen {
    /// An empty table with room for `entries` before it grows (at most half
    /// of the slots are ever live, so probes stay short).
    pub fn with_capacity(entries: usize) -> Self {
        FirstSeen {
            slots: vec![Slot::default(); (2 * entries).next_power_of_two().max(MIN_SLOTS)],
            len: 0,
            generation: 1,
        }
    }

    /// Live entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no entry is live.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slot holding `hash`, or the free slot where it would go.
    #[inline]
    fn probe(&self, hash: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let s = &self.slots[i];
            if s.generation != self.generation {
                return (i, false);
            }
            if s.hash == hash {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// The first index recorded for `hash`, if it is live.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<usize> {
        match self.probe(hash) {
            (i, true) => Some(self.slots[i].index as usize),
            _ => None,
        }
    }

    /// Records that `hash` stood at `index`, unless it is recorded already
    /// (the first index is the one that counts). Indices are ply numbers
    /// and fit 32 bits for any game that fits in memory.
    #[inline]
    pub fn insert_first(&mut self, hash: u64, index: usize) {
        let (i, found) = self.probe(hash);
        if found {
            return;
        }
        self.slots[i] = Slot {
            hash,
            index: index as u32,
            generation: self.generation,
        };
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            self.rebuild(2 * self.slots.len());
        }
    }

    /// Forgets every entry.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2³² − 1 emptyings a slot's generation could come back
            // into use: wipe the slots once and start again at 1.
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    /// The live hashes, in no particular order.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots
            .iter()
            .filter(|s| s.generation == self.generation)
            .map(|s| s.hash)
    }

    /// Moves the live entries into a table of `slots` slots (a power of
    /// two, more than twice the live entries).
    fn rebuild(&mut self, slots: usize) {
        let live: Vec<Slot> = self
            .slots
            .iter()
            .copied()
            .filter(|s| s.generation == self.generation)
            .collect();
        self.slots = vec![Slot::default(); slots];
        self.generation = 1;
        self.len = 0;
        for s in live {
            let (i, _) = self.probe(s.hash);
            self.slots[i] = Slot { generation: 1, ..s };
            self.len += 1;
        }
    }

    /// Gives back the room beyond what the live entries need.
    pub fn shrink_to_fit(&mut self) {
        let want = (2 * self.len + 1).next_power_of_two().max(MIN_SLOTS);
        if want < self.slots.len() {
            self.rebuild(want);
        }
    }
}

impl Clone for FirstSeen {
    fn clone(&self) -> Self {
        FirstSeen {
            slots: self.slots.clone(),
            len: self.len,
            generation: self.generation,
        }
    }

    /// Reuses this table's slots (a playout restarting from its start
    /// position copies them instead of allocating).
    fn clone_from(&mut self, other: &Self) {
        self.slots.clone_from(&other.slots);
        self.len = other.len;
        self.generation = other.generation;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[derive(Clone, Debug)]
    enum Op {
        Insert(u64, usize),
        Get(u64),
        Clear,
        Shrink,
    }

    fn op() -> impl Strategy<Value = Op> {
        // Few distinct hashes, some sharing their low bits, so probes
        // collide and entries repeat.
        let hash = prop_oneof![0u64..40, (0u64..8).prop_map(|h| h << 40 | 3)];
        prop_oneof![
            6 => (hash.clone(), 0usize..1000).prop_map(|(h, i)| Op::Insert(h, i)),
            6 => hash.prop_map(Op::Get),
            1 => Just(Op::Clear),
            1 => Just(Op::Shrink),
        ]
    }

    proptest! {
        /// The table answers as a map that keeps the first index does.
        #[test]
        fn behaves_as_a_first_index_map(ops in prop::collection::vec(op(), 0..400)) {
            let mut t = FirstSeen::with_capacity(2);
            let mut model: HashMap<u64, usize> = HashMap::new();
            for op in ops {
                match op {
                    Op::Insert(h, i) => {
                        t.insert_first(h, i);
                        model.entry(h).or_insert(i);
                    }
                    Op::Get(h) => prop_assert_eq!(t.get(h), model.get(&h).copied()),
                    Op::Clear => {
                        t.clear();
                        model.clear();
                    }
                    Op::Shrink => t.shrink_to_fit(),
                }
                prop_assert_eq!(t.len(), model.len());
                let mut keys: Vec<u64> = t.keys().collect();
                let mut want: Vec<u64> = model.keys().copied().collect();
                keys.sort_unstable();
                want.sort_unstable();
                prop_assert_eq!(keys, want);
            }
        }
    }

    /// When the generation counter wraps, old slots do not come back.
    #[test]
    fn a_wrapped_generation_forgets_old_entries() {
        let mut t = FirstSeen::with_capacity(4);
        t.insert_first(7, 1);
        t.generation = u32::MAX;
        t.insert_first(9, 2);
        t.clear();
        assert_eq!(t.generation, 1);
        assert_eq!(t.get(7), None);
        assert_eq!(t.get(9), None);
        assert!(t.is_empty());
        t.insert_first(9, 3);
        assert_eq!(t.get(9), Some(3));
    }
}
