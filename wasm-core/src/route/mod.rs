//! The delivery day's route (decisions.md §36): the order in which one car visits the day's
//! delivery stops, from the store's delivery start point (its coordinates, decisions.md §31),
//! back to it or not (the store's choice), and the total distance in km.
//!
//! Distances are the haversine great-circle distances of [`crate::delivery::distance_km`] (the
//! same as the per-km fee): straight lines, no streets, no traffic, no time windows. The order is
//! a heuristic, not a proof of optimality:
//!
//! 1. every variant is made a closed tour over a distance matrix: with a start point and a
//!    return, the start point and the stops; with a start point and no return, an extra "end"
//!    node at distance 0 from the start point and a large constant from every stop (so a tour
//!    worth keeping always passes start → … → last stop → end → start: an open path from the
//!    start point); without a start point, an end node at distance 0 from everything (a path
//!    whose two ends are free);
//! 2. nearest-neighbour tours from several first stops, each improved by 2-opt (reverse a
//!    stretch) and Or-opt (move a run of one to three stops elsewhere, either way round) until
//!    neither finds an improvement;
//! 3. the best of them perturbed (a "double bridge") and improved again, a fixed number of rounds
//!    that depends on the number of stops only, keeping any improvement (iterated local search).
//!
//! Deterministic: the same input gives the same route (the perturbations come from a fixed-seed
//! generator). Stops without coordinates are returned apart, in their input order, never
//! dropped. The tests beside this module compare the result with an exact Held–Karp solver.
//!
//! `tour` holds the search itself, over the distance matrix; this module the stops in and the
//! route out.

mod tour;

use crate::delivery::{Coordinates, distance_km};
use crate::messages::{self, Message};
use std::borrow::Cow;
use tour::Matrix;

/// The most stops with coordinates one route may have (a car's day is a few dozen; the distance
/// matrix grows with the square of this).
pub const MAX_STOPS: usize = 500;

/// More than [`MAX_STOPS`] stops with coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyStops;

impl Message for TooManyStops {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(messages::ROTA_PARADAS_DEMAIS)
    }
}

crate::display_message!(TooManyStops);

/// A planned route: indices into the input's stops.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    /// The stops with coordinates, in visiting order.
    pub order: Vec<usize>,
    /// The stops without coordinates, in input order ('Sem localização').
    pub unlocated: Vec<usize>,
    /// The length of the route in km (from the start point and back to it when asked).
    pub km: f64,
}

/// Plans the route through `stops` (`None`: no coordinates) from `origin`, back to it when
/// `return_to_origin` (ignored without an origin).
pub fn plan(
    origin: Option<Coordinates>,
    stops: &[Option<Coordinates>],
    return_to_origin: bool,
) -> Result<Route, TooManyStops> {
    solve(origin, stops, return_to_origin, Effort::Full)
}

/// The plain nearest-neighbour route (from the origin, or from the first stop): the baseline the
/// bench compares [`plan`] with.
pub fn nearest_neighbour(
    origin: Option<Coordinates>,
    stops: &[Option<Coordinates>],
    return_to_origin: bool,
) -> Result<Route, TooManyStops> {
    solve(origin, stops, return_to_origin, Effort::NearestNeighbour)
}

/// The length in km of visiting `stops` in the given order from `origin` (and back to it when
/// `return_to_origin`); stops without coordinates are skipped. The day's page recomputes this
/// when the supplier moves a stop.
pub fn length_km(
    origin: Option<Coordinates>,
    stops: &[Option<Coordinates>],
    return_to_origin: bool,
) -> f64 {
    let points: Vec<Coordinates> = origin
        .into_iter()
        .chain(stops.iter().flatten().copied())
        .collect();
    let mut km: f64 = points.windows(2).map(|w| distance_km(w[0], w[1])).sum();
    if let (Some(o), true, Some(&last)) = (origin, return_to_origin, points.last()) {
        km += distance_km(last, o);
    }
    km
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Effort {
    NearestNeighbour,
    Full,
}

fn solve(
    origin: Option<Coordinates>,
    stops: &[Option<Coordinates>],
    return_to_origin: bool,
    effort: Effort,
) -> Result<Route, TooManyStops> {
    let mut located = Vec::new();
    let mut unlocated = Vec::new();
    for (i, s) in stops.iter().enumerate() {
        match s {
            Some(c) => located.push((i, *c)),
            None => unlocated.push(i),
        }
    }
    if located.len() > MAX_STOPS {
        return Err(TooManyStops);
    }
    let order = if located.len() <= 1 {
        located.iter().map(|&(i, _)| i).collect()
    } else {
        let matrix = Matrix::new(origin, &located, return_to_origin);
        let tour = match effort {
            Effort::NearestNeighbour => matrix.nearest_neighbour(matrix.first_stop()),
            Effort::Full => matrix.best_tour(),
        };
        matrix.stops_in_order(&tour, &located)
    };
    let points: Vec<Option<Coordinates>> = order.iter().map(|&i| stops[i]).collect();
    Ok(Route {
        km: length_km(origin, &points, return_to_origin),
        order,
        unlocated,
    })
}

#[cfg(test)]
mod tests;
#[cfg(feature = "route-wasm")]
pub mod wasm;
