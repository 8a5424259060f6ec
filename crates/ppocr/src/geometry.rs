//! The plane geometry of text boxes: convex hulls, the smallest rotated rectangle around a
//! region (rotating calipers over its hull), corners in reading order.

/// A point in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub(crate) fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    fn minus(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }

    pub(crate) fn distance(self, other: Point) -> f32 {
        let d = self.minus(other);
        d.x.hypot(d.y)
    }
}

/// Four corners: the text's top-left, top-right, bottom-right, bottom-left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quad(pub [Point; 4]);

impl Quad {
    /// Length of the top and bottom edges (the longer).
    pub fn width(&self) -> f32 {
        let [a, b, c, d] = self.0;
        a.distance(b).max(d.distance(c))
    }

    /// Length of the left and right edges (the longer).
    pub fn height(&self) -> f32 {
        let [a, b, c, d] = self.0;
        a.distance(d).max(b.distance(c))
    }

    /// The same box read after turning its content by 90° counter-clockwise (a tall box's
    /// text runs top to bottom).
    pub(crate) fn turned_quarter(self) -> Quad {
        let [a, b, c, d] = self.0;
        Quad([b, c, d, a])
    }

    /// The same box read upside down.
    pub(crate) fn turned_half(self) -> Quad {
        let [a, b, c, d] = self.0;
        Quad([c, d, a, b])
    }

    /// The smallest axis-aligned box holding it: x, y, right, bottom.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        let xs = self.0.map(|p| p.x);
        let ys = self.0.map(|p| p.y);
        let min = |v: [f32; 4]| v.into_iter().fold(f32::INFINITY, f32::min);
        let max = |v: [f32; 4]| v.into_iter().fold(f32::NEG_INFINITY, f32::max);
        (min(xs), min(ys), max(xs), max(ys))
    }

    /// Whether `p` lies inside (or on) the quad, which is convex.
    pub(crate) fn contains(&self, p: Point) -> bool {
        let mut sign = 0.0f32;
        for i in 0..4 {
            let a = self.0[i];
            let b = self.0[(i + 1) % 4];
            let cross = cross(b.minus(a), p.minus(a));
            if cross.abs() < 1e-6 {
                continue;
            }
            if sign == 0.0 {
                sign = cross.signum();
            } else if cross.signum() != sign {
                return false;
            }
        }
        true
    }

    /// Orders four corners as PaddleOCR does: the two leftmost are the left edge (top first),
    /// the two rightmost the right edge.
    pub(crate) fn from_corners(mut corners: [Point; 4]) -> Quad {
        corners.sort_by(|a, b| a.x.total_cmp(&b.x));
        let [mut l0, mut l1, mut r0, mut r1] = corners;
        if l1.y < l0.y {
            std::mem::swap(&mut l0, &mut l1);
        }
        if r1.y < r0.y {
            std::mem::swap(&mut r0, &mut r1);
        }
        Quad([l0, r0, r1, l1])
    }
}

/// A rotated rectangle: its centre, its two side lengths along the unit vectors `u` and its
/// normal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RotatedRect {
    pub centre: Point,
    pub length: f32,
    pub breadth: f32,
    pub u: Point,
}

impl RotatedRect {
    pub(crate) fn shorter_side(&self) -> f32 {
        self.length.min(self.breadth)
    }

    pub(crate) fn area(&self) -> f32 {
        self.length * self.breadth
    }

    pub(crate) fn perimeter(&self) -> f32 {
        2.0 * (self.length + self.breadth)
    }

    /// The rectangle grown by `distance` on every side.
    pub(crate) fn grown(self, distance: f32) -> RotatedRect {
        RotatedRect {
            length: self.length + 2.0 * distance,
            breadth: self.breadth + 2.0 * distance,
            ..self
        }
    }

    pub(crate) fn corners(&self) -> [Point; 4] {
        let v = Point::new(-self.u.y, self.u.x);
        let (hl, hb) = (self.length / 2.0, self.breadth / 2.0);
        let at = |sl: f32, sb: f32| {
            Point::new(
                self.centre.x + sl * hl * self.u.x + sb * hb * v.x,
                self.centre.y + sl * hl * self.u.y + sb * hb * v.y,
            )
        };
        [at(-1.0, -1.0), at(1.0, -1.0), at(1.0, 1.0), at(-1.0, 1.0)]
    }
}

fn cross(a: Point, b: Point) -> f32 {
    a.x * b.y - a.y * b.x
}

/// The convex hull of `points` (Andrew's monotone chain), counter-clockwise in a y-up frame.
pub(crate) fn convex_hull(mut points: Vec<Point>) -> Vec<Point> {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let mut hull: Vec<Point> = Vec::with_capacity(points.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &Point>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                if cross(b.minus(a), p.minus(a)) <= 0.0 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// The smallest-area rectangle holding the convex `hull`: one of its sides lies on a hull
/// edge (rotating calipers, each edge tried).
pub(crate) fn min_area_rect(hull: &[Point]) -> RotatedRect {
    match hull {
        [] => RotatedRect {
            centre: Point::new(0.0, 0.0),
            length: 0.0,
            breadth: 0.0,
            u: Point::new(1.0, 0.0),
        },
        [p] => RotatedRect {
            centre: *p,
            length: 0.0,
            breadth: 0.0,
            u: Point::new(1.0, 0.0),
        },
        _ => {
            let mut best: Option<RotatedRect> = None;
            for i in 0..hull.len() {
                let edge = hull[(i + 1) % hull.len()].minus(hull[i]);
                let len = edge.x.hypot(edge.y);
                if len < 1e-6 {
                    continue;
                }
                let u = Point::new(edge.x / len, edge.y / len);
                let v = Point::new(-u.y, u.x);
                let (mut lo_u, mut hi_u, mut lo_v, mut hi_v) = (
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                );
                for p in hull {
                    let pu = p.x * u.x + p.y * u.y;
                    let pv = p.x * v.x + p.y * v.y;
                    lo_u = lo_u.min(pu);
                    hi_u = hi_u.max(pu);
                    lo_v = lo_v.min(pv);
                    hi_v = hi_v.max(pv);
                }
                let (cu, cv) = ((lo_u + hi_u) / 2.0, (lo_v + hi_v) / 2.0);
                let rect = RotatedRect {
                    centre: Point::new(cu * u.x + cv * v.x, cu * u.y + cv * v.y),
                    length: hi_u - lo_u,
                    breadth: hi_v - lo_v,
                    u,
                };
                if best.is_none_or(|b| rect.area() < b.area()) {
                    best = Some(rect);
                }
            }
            best.unwrap_or(RotatedRect {
                centre: hull[0],
                length: 0.0,
                breadth: 0.0,
                u: Point::new(1.0, 0.0),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_rectangle_of_a_tilted_square_is_the_square() {
        let corners = [(0.0, 5.0), (5.0, 0.0), (10.0, 5.0), (5.0, 10.0)];
        let points = corners.iter().map(|&(x, y)| Point::new(x, y)).collect();
        let hull = convex_hull(points);
        assert_eq!(hull.len(), 4);
        let rect = min_area_rect(&hull);
        assert!((rect.area() - 50.0).abs() < 1e-3, "{rect:?}");
        assert!((rect.shorter_side() - 50f32.sqrt()).abs() < 1e-3);
    }

    #[test]
    fn inner_points_leave_the_hull_and_corners_come_in_reading_order() {
        let mut points: Vec<Point> = (0..=20)
            .flat_map(|x| (0..=4).map(move |y| Point::new(x as f32, y as f32)))
            .collect();
        points.push(Point::new(10.0, 2.0));
        let rect = min_area_rect(&convex_hull(points));
        assert!((rect.area() - 80.0).abs() < 1e-3, "{rect:?}");
        let quad = Quad::from_corners(rect.corners());
        let [tl, tr, br, bl] = quad.0;
        assert!(
            tl.x < tr.x && tl.y < bl.y && br.x > bl.x && br.y > tr.y,
            "{quad:?}"
        );
        assert!((quad.width() - 20.0).abs() < 1e-3 && (quad.height() - 4.0).abs() < 1e-3);
        assert!(quad.contains(Point::new(3.0, 2.0)));
        assert!(!quad.contains(Point::new(21.0, 2.0)));
    }
}
