//! Placeholder picture until the Skyscrapers renderer lands.

use super::canvas::{Align, Canvas};
use super::palette;
use super::View;
use crate::engine::skyscrapers::Skyscrapers;
use image::RgbaImage;

pub fn draw(_game: &Skyscrapers, _view: &View) -> RgbaImage {
    let mut c = Canvas::new(400, 100, palette::BACKGROUND);
    c.text(
        200.0,
        40.0,
        20.0,
        true,
        Align::Center,
        palette::INK,
        "Skyscrapers",
    );
    c.img
}
