//! A box of pixels: what a stamp records and the layout checks compare, below the canvas
//! that draws them.

/// A text drawn: its box, its size in pixels, its words and its colour (the colour lets the
/// checks measure its contrast on whatever ground it was drawn on).
pub type Text = (Area, f32, String, image::Rgba<u8>);

/// A box on the picture, in pixels: what the layout checks compare.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    pub fn overlaps(&self, o: &Area) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    /// Whether `self` lies inside `o`, with `slack` pixels allowed for anti-aliasing.
    pub fn within(&self, o: &Area, slack: f32) -> bool {
        self.x >= o.x - slack
            && self.y >= o.y - slack
            && self.x + self.w <= o.x + o.w + slack
            && self.y + self.h <= o.y + o.h + slack
    }
}
