//! Stamps replayed against drawing, through the canvas that records them: a test of `stamp`
//! that needs the floor above it, kept beside both rather than inside `stamp`.

use super::canvas::{rgb, Align, Canvas};
use super::palette::{Palette, LIGHT};
use image::{Rgba, RgbaImage};

/// A drawing using every operation, overlapping itself and running off the picture.
fn drawing(c: &mut Canvas) {
    c.rect(-4, 30, 20, 12, rgb(0x0072b2));
    c.shade(5, 5, 30, 30, rgb(0xd55e00), 0.22);
    c.polygon(
        &[(10.3, 4.6), (44.5, 12.2), (30.1, 38.7)],
        rgb(0x009e73),
        Some(rgb(0x2b2b2b)),
    );
    c.line((0.0, 0.0), (47.0, 9.0), rgb(0xf0e442));
    c.line((40.0, 2.0), (36.4, 39.0), Rgba([200, 10, 10, 160]));
    c.thick_line((3.0, 44.0), (60.0, 20.0), 4.0, rgb(0x555555));
    c.disc(40.0, 40.0, 9.0, rgb(0xe69f00));
    c.ring(12.0, 12.0, 7.0, 2.0, rgb(0x123456));
    c.text(20.0, 18.0, 19.5, true, Align::Center, rgb(0xffffff), "Ég");
    c.text(
        30.0,
        34.0,
        15.0,
        false,
        Align::Left,
        Rgba([9, 9, 9, 170]),
        "Wa 12",
    );
    c.frame(1, 1, 46, 40, 2, rgb(0x9a9a9a));
}

/// Grounds the stamp goes on: opaque and see-through, flat and varied.
fn grounds() -> Vec<RgbaImage> {
    vec![
        RgbaImage::from_pixel(48, 44, rgb(0xf0e6d2)),
        RgbaImage::from_fn(48, 44, |x, y| {
            Rgba([(x * 5) as u8, (y * 3) as u8, (x * y) as u8, 255])
        }),
        RgbaImage::from_fn(48, 44, |x, y| {
            Rgba([(x * 7) as u8, 90, (y * 11) as u8, (x + 3 * y) as u8])
        }),
    ]
}

/// A stamp, recorded on one ground and replayed on others, paints the very pixels and
/// layout that drawing paints.
#[test]
fn a_stamp_paints_what_drawing_paints() {
    let args: [u64; 4] = [7, 0, 0, 0];
    for order in [[0, 1, 2], [2, 1, 0]] {
        // A new key for each order, so that each records on a different ground.
        let args = [args[0] + order[0] as u64, 0, 0, 0];
        for i in order {
            let ground = grounds().swap_remove(i);
            let mut drawn = Canvas::from_parts(ground.clone(), Default::default(), c_pal());
            drawing(&mut drawn);
            let mut stamped = Canvas::from_parts(ground, Default::default(), c_pal());
            stamped.stamp("stamp-test", None, args, drawing);
            assert!(stamped.img == drawn.img, "ground {i}, order {order:?}");
            assert_eq!(
                format!("{:?}", stamped.layout),
                format!("{:?}", drawn.layout)
            );
        }
    }
}

fn c_pal() -> &'static Palette {
    &LIGHT
}

/// A drawing that is the same moved by whole pixels: a filled square, its frame and a word.
fn small_drawing(c: &mut Canvas, x: f32, y: f32) {
    c.rect(x as i32 + 2, y as i32 + 2, 14, 14, rgb(0x009e73));
    c.frame(x as i32 + 2, y as i32 + 2, 14, 14, 1, rgb(0x2b2b2b));
    c.text(
        x + 9.0,
        y + 3.0,
        11.0,
        true,
        Align::Center,
        rgb(0xffffff),
        "M",
    );
}

/// A moved stamp, recorded inside one picture, paints on a picture of another size, at
/// another place, the very pixels and layout that drawing there paints; one that reached its
/// picture's edge is not kept, so the clipped drawing is never replayed elsewhere.
#[test]
fn a_moved_stamp_serves_pictures_of_any_size() {
    let args: [u64; 4] = [99, 0, 0, 0];
    let sizes = [(48, 44), (70, 90), (30, 120)];
    for (n, &(w, h)) in sizes.iter().enumerate() {
        // Off the edge first: recorded clipped, it must not be what the others replay.
        for (x, y) in [
            (w as f32 - 8.0, 3.0),
            (5.0, 6.0),
            (w as f32 - 20.0, h as f32 - 21.0),
        ] {
            let ground = RgbaImage::from_fn(w, h, |x, y| {
                Rgba([(x * 5) as u8, (y * 3) as u8, (x * y + n as u32) as u8, 255])
            });
            let mut drawn = Canvas::from_parts(ground.clone(), Default::default(), c_pal());
            small_drawing(&mut drawn, x, y);
            let mut stamped = Canvas::from_parts(ground, Default::default(), c_pal());
            stamped.stamp_moved((x as i32, y as i32), "stamp-moved-test", None, args, |c| {
                small_drawing(c, x, y)
            });
            assert!(stamped.img == drawn.img, "{w}x{h} at ({x}, {y})");
            assert_eq!(
                format!("{:?}", stamped.layout),
                format!("{:?}", drawn.layout)
            );
        }
    }
}
