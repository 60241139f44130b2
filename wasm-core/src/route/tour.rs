//! The search for a short closed tour over the route's distance matrix: nearest-neighbour tours
//! from several first stops, improved by 2-opt and Or-opt until neither finds an improvement,
//! then the best perturbed by double bridges and improved again (iterated local search), with a
//! fixed-seed generator so the same input gives the same tour.

use crate::delivery::{Coordinates, distance_km};

/// Improvements smaller than this (km) are rounding noise.
const EPSILON: f64 = 1e-9;

/// The closed-tour form of a route: node 0 is the anchor (the start point, or the free end when
/// there is none), nodes `1..=m` the stops, and node `m + 1` the end when there is a start point
/// and no return.
pub(super) struct Matrix {
    n: usize,
    d: Vec<f64>,
    /// Whether node 0 is the start point (else it is a free end at distance 0 from all).
    anchored: bool,
    /// The end node, when the start point has one (start point without return).
    end: Option<usize>,
    /// Each node's [`NEIGHBOURS`] nearest other nodes (`k` per node), nearest first.
    neighbours: Vec<usize>,
    k: usize,
}

/// How many nearest nodes Or-opt considers around a run's ends.
const NEIGHBOURS: usize = 10;

impl Matrix {
    pub(super) fn new(
        origin: Option<Coordinates>,
        located: &[(usize, Coordinates)],
        back: bool,
    ) -> Self {
        let m = located.len();
        let end = (origin.is_some() && !back).then_some(m + 1);
        let n = m + 1 + usize::from(end.is_some());
        let mut d = vec![0.0; n * n];
        let point = |k: usize| located[k - 1].1;
        let mut longest: f64 = 0.0;
        for i in 1..=m {
            for j in (i + 1)..=m {
                let km = distance_km(point(i), point(j));
                d[i * n + j] = km;
                d[j * n + i] = km;
                longest = longest.max(km);
            }
            if let Some(o) = origin {
                let km = distance_km(o, point(i));
                d[i] = km;
                d[i * n] = km;
                longest = longest.max(km);
            }
        }
        if let Some(e) = end {
            // Larger than any path through the stops: a tour never gains by leaving the end
            // away from the start point.
            let far = 2.0 * (n as f64) * longest + 1.0;
            for i in 1..=m {
                d[i * n + e] = far;
                d[e * n + i] = far;
            }
        }
        let k = NEIGHBOURS.min(n - 1);
        let mut neighbours = Vec::with_capacity(n * k);
        // Insertion into a short sorted list: less code in the wasm than a general sort.
        let mut nearest: Vec<usize> = Vec::with_capacity(k + 1);
        for v in 0..n {
            nearest.clear();
            let row = &d[v * n..(v + 1) * n];
            for u in (0..n).filter(|&u| u != v) {
                let at = nearest.partition_point(|&w| row[w] <= row[u]);
                if at < k {
                    nearest.insert(at, u);
                    nearest.truncate(k);
                }
            }
            neighbours.extend_from_slice(&nearest);
        }
        Self {
            n,
            d,
            anchored: origin.is_some(),
            end,
            neighbours,
            k,
        }
    }

    fn at(&self, i: usize, j: usize) -> f64 {
        self.d[i * self.n + j]
    }

    fn cost(&self, tour: &[usize]) -> f64 {
        let n = tour.len();
        (0..n).map(|k| self.at(tour[k], tour[(k + 1) % n])).sum()
    }

    /// Where a plain nearest-neighbour tour starts: the start point, else the first stop.
    pub(super) fn first_stop(&self) -> usize {
        usize::from(!self.anchored)
    }

    /// A nearest-neighbour tour from node `first`, rotated to start at node 0.
    pub(super) fn nearest_neighbour(&self, first: usize) -> Vec<usize> {
        let mut visited = vec![false; self.n];
        let mut tour = Vec::with_capacity(self.n);
        let mut current = first;
        visited[current] = true;
        tour.push(current);
        // Without a start point, node 0 (the free end, at distance 0 from all) closes the tour;
        // from the start point without return, the end node follows the last stop.
        let last = if !self.anchored {
            Some(0).filter(|_| first != 0)
        } else {
            self.end.filter(|_| first == 0)
        };
        while tour.len() < self.n - usize::from(last.is_some()) {
            let mut best = None;
            let mut best_d = f64::INFINITY;
            for (j, &seen) in visited.iter().enumerate() {
                if !seen && Some(j) != last && self.at(current, j) < best_d {
                    best_d = self.at(current, j);
                    best = Some(j);
                }
            }
            let Some(j) = best else { break };
            visited[j] = true;
            tour.push(j);
            current = j;
        }
        tour.extend(last);
        let zero = tour.iter().position(|&v| v == 0).unwrap_or(0);
        tour.rotate_left(zero);
        tour
    }

    /// Nearest neighbour from several first stops, each improved; the best perturbed and
    /// improved again.
    pub(super) fn best_tour(&self) -> Vec<usize> {
        let stops = self.n - 1 - usize::from(self.end.is_some());
        let starts = stops.min(8);
        let mut firsts = vec![self.first_stop()];
        firsts.extend((0..starts).map(|k| 1 + k * stops / starts));
        firsts.dedup();
        let mut best: Option<(Vec<usize>, f64)> = None;
        for first in firsts {
            let mut tour = self.nearest_neighbour(first);
            self.improve(&mut tour);
            let cost = self.cost(&tour);
            if best.as_ref().is_none_or(|(_, c)| cost < c - EPSILON) {
                best = Some((tour, cost));
            }
        }
        let Some((mut best, mut best_cost)) = best else {
            return Vec::new();
        };
        if self.n >= 8 {
            let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ self.n as u64);
            // Fewer rounds as each costs more: about the same time for 50 stops as for 12.
            let rounds = (1_500 / self.n).clamp(10, 60);
            for _ in 0..rounds {
                let mut tour = best.clone();
                double_bridge(&mut tour, &mut rng);
                self.improve(&mut tour);
                let cost = self.cost(&tour);
                if cost < best_cost - EPSILON {
                    best = tour;
                    best_cost = cost;
                }
            }
        }
        best
    }

    /// 2-opt and Or-opt until neither improves. Node 0 stays at position 0.
    fn improve(&self, tour: &mut [usize]) {
        while self.two_opt(tour) | self.or_opt(tour) {}
    }

    /// One pass of 2-opt (first improvement): reversing `tour[i..=j]`, `1 <= i < j < n`.
    fn two_opt(&self, tour: &mut [usize]) -> bool {
        let n = tour.len();
        let mut improved = false;
        for i in 1..n - 1 {
            for j in i + 1..n {
                let (a, b) = (tour[i - 1], tour[i]);
                let (c, d) = (tour[j], tour[(j + 1) % n]);
                let delta = self.at(a, c) + self.at(b, d) - self.at(a, b) - self.at(c, d);
                if delta < -EPSILON {
                    tour[i..=j].reverse();
                    improved = true;
                }
            }
        }
        improved
    }

    /// One pass of Or-opt: moving a run of 1 to 3 nodes (never node 0) between two other
    /// neighbours, kept or reversed. Only places next to one of the run's ends' nearest nodes
    /// are tried (a run moved far from all its near nodes does not shorten the tour).
    fn or_opt(&self, tour: &mut [usize]) -> bool {
        let n = tour.len();
        let mut pos = vec![0; n];
        for (p, &v) in tour.iter().enumerate() {
            pos[v] = p;
        }
        let mut improved = false;
        for len in 1..=3usize {
            let mut i = 1;
            while i + len <= n {
                let (first, last) = (tour[i], tour[i + len - 1]);
                let (prev, next) = (tour[i - 1], tour[(i + len) % n]);
                let removed = self.at(prev, first) + self.at(last, next) - self.at(prev, next);
                let mut best: Option<(usize, bool, f64)> = None;
                // Insert between tour[p] and tour[p + 1], p outside [i - 1, i + len - 1].
                let near = self.near(first).iter().chain(self.near(last));
                for p in near.flat_map(|&v| [pos[v], (pos[v] + n - 1) % n]) {
                    if p + 1 >= i && p < i + len {
                        continue;
                    }
                    let (x, y) = (tour[p], tour[(p + 1) % n]);
                    let kept = self.at(x, first) + self.at(last, y) - self.at(x, y);
                    let flipped = self.at(x, last) + self.at(first, y) - self.at(x, y);
                    let (added, reverse) = if flipped < kept {
                        (flipped, true)
                    } else {
                        (kept, false)
                    };
                    let delta = added - removed;
                    if delta < -EPSILON && best.is_none_or(|(_, _, d)| delta < d) {
                        best = Some((p, reverse, delta));
                    }
                }
                if let Some((p, reverse, _)) = best {
                    move_run(tour, i, len, p, reverse);
                    for (q, &v) in tour.iter().enumerate() {
                        pos[v] = q;
                    }
                    improved = true;
                }
                i += 1;
            }
        }
        improved
    }

    /// The nodes nearest to `v`, nearest first.
    fn near(&self, v: usize) -> &[usize] {
        &self.neighbours[v * self.k..(v + 1) * self.k]
    }

    /// The stops' input indices in visiting order: from node 0 onwards, the direction that puts
    /// the end node last (start point without return), or either (with a return, the tour is the
    /// same both ways; without a start point node 0 is the free end and is dropped).
    pub(super) fn stops_in_order(
        &self,
        tour: &[usize],
        located: &[(usize, Coordinates)],
    ) -> Vec<usize> {
        let mut seq: Vec<usize> = tour.to_vec();
        if let Some(e) = self.end
            && seq.get(1) == Some(&e)
        {
            seq[1..].reverse();
        }
        seq.into_iter()
            .filter(|&v| v != 0 && Some(v) != self.end)
            .map(|v| located[v - 1].0)
            .collect()
    }
}

/// Moves `tour[i..i + len]` to between `tour[p]` and `tour[p + 1]` (p outside the run),
/// reversed when asked.
fn move_run(tour: &mut [usize], i: usize, len: usize, p: usize, reverse: bool) {
    if reverse {
        tour[i..i + len].reverse();
    }
    if p >= i + len {
        // The run moves right: rotate tour[i..=p] so the run ends at p.
        tour[i..=p].rotate_left(len);
    } else {
        // The run moves left, to after p: rotate tour[p + 1..i + len].
        tour[p + 1..i + len].rotate_right(len);
    }
}

/// Cuts the tour (node 0 kept first) into four stretches A B C D and joins them A C B D.
fn double_bridge(tour: &mut [usize], rng: &mut XorShift) {
    let n = tour.len();
    if n < 8 {
        return;
    }
    let mut cuts = [
        1 + rng.below(n - 1),
        1 + rng.below(n - 1),
        1 + rng.below(n - 1),
    ];
    cuts.sort_unstable();
    let [p, q, r] = cuts;
    if p == q || q == r {
        return;
    }
    // tour[p..q] = B, tour[q..r] = C: swap them.
    tour[p..r].rotate_left(q - p);
}

/// A small deterministic generator (xorshift64).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
