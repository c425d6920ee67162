//! The expressive-range heatmap as a PNG: plotters draws into an RGB buffer (its bitmap backend,
//! text through ab_glyph with the bundled DejaVu Sans) and the `png` crate encodes it. Empty
//! bins stay white; filled bins take viridis colours on a log scale of their count, with a
//! colour bar that says how many levels each colour stands for.

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;

use crate::range::Histogram;

/// The picture's size in pixels.
pub const WIDTH: u32 = 960;
pub const HEIGHT: u32 = 720;

/// DejaVu Sans 2.37 (licence in `fonts/LICENSE.txt`), bundled so that labels look the same on
/// every machine and nothing depends on the system's fonts.
static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) const FAMILY: &str = "sans-serif";

pub(crate) fn register_font() -> Result<(), String> {
    static REGISTER: Once = Once::new();
    let mut result = Ok(());
    REGISTER.call_once(|| {
        result = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
            .map_err(|_| "the bundled font DejaVuSans.ttf could not be read".to_string());
    });
    result
}

/// The colour of a bin holding `count` of at most `max` levels: viridis from dark purple (one
/// level) to yellow (the fullest bin), by log(count) / log(max).
fn colour(count: u64, max: u64) -> RGBColor {
    let t = if max <= 1 { 1.0 } else { (count.max(1) as f64).ln() / (max as f64).ln() };
    ViridisRGB::get_color_normalized(t as f32, 0.0, 1.0)
}

/// The heatmap of `histogram` as PNG bytes, [`WIDTH`] × [`HEIGHT`] pixels.
pub fn heatmap_png(histogram: &Histogram, title: &str, x_name: &str, y_name: &str) -> Result<Vec<u8>, String> {
    register_font()?;
    let mut rgb = vec![255u8; WIDTH as usize * HEIGHT as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, histogram, title, x_name, y_name).map_err(|e| format!("drawing the plot: {e}"))?;
        root.present().map_err(|e| format!("drawing the plot: {e}"))?;
    }
    encode_png(&rgb, WIDTH, HEIGHT)
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(
    root: &DrawingArea<BitMapBackend<'_>, Shift>,
    h: &Histogram,
    title: &str,
    x_name: &str,
    y_name: &str,
) -> DrawResult {
    root.fill(&WHITE)?;
    let root = root.titled(title, (FAMILY, 26))?;
    let (main, bar) = root.split_horizontally(WIDTH - 170);

    let mut chart = ChartBuilder::on(&main)
        .margin_left(16)
        .margin_right(24)
        .margin_top(16)
        .margin_bottom(12)
        .x_label_area_size(64)
        .y_label_area_size(88)
        .build_cartesian_2d(h.x.low()..h.x.high(), h.y.low()..h.y.high())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(x_name)
        .y_desc(y_name)
        .label_style((FAMILY, 17))
        .axis_desc_style((FAMILY, 21))
        .x_labels(8)
        .y_labels(8)
        .x_label_formatter(&|v| axis_label(*v))
        .y_label_formatter(&|v| axis_label(*v))
        .draw()?;
    let max = h.max_count();
    let cells = (0..h.y.bins()).flat_map(|yi| (0..h.x.bins()).map(move |xi| (xi, yi)));
    chart.draw_series(cells.filter(|&(xi, yi)| h.count(xi, yi) > 0).map(|(xi, yi)| {
        let (x, y) = (&h.x.edges, &h.y.edges);
        Rectangle::new([(x[xi], y[yi]), (x[xi + 1], y[yi + 1])], colour(h.count(xi, yi), max).filled())
    }))?;
    // A frame around the plotting area, so white (empty) bins at the edges read as inside.
    chart.draw_series(std::iter::once(Rectangle::new(
        [(h.x.low(), h.y.low()), (h.x.high(), h.y.high())],
        BLACK.stroke_width(1),
    )))?;

    // The colour bar: counts on a log axis from 1 to the fullest bin.
    let top = (max.max(2)) as f64;
    let mut legend = ChartBuilder::on(&bar)
        .margin_top(16)
        .margin_bottom(76)
        .margin_left(8)
        .margin_right(8)
        .set_label_area_size(LabelAreaPosition::Right, 96)
        .build_cartesian_2d(0.0..1.0, (1.0..top).log_scale())?;
    legend
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_desc("levels per bin (log scale)")
        .label_style((FAMILY, 16))
        .axis_desc_style((FAMILY, 18))
        .y_label_formatter(&|v| round_label(*v))
        .draw()?;
    const STRIPS: usize = 200;
    let at = |k: usize| top.powf(k as f64 / STRIPS as f64);
    legend.draw_series((0..STRIPS).map(|k| {
        let mid = at(k).max(1.0) as u64;
        let t_colour = if max <= 1 { colour(1, 1) } else { colour(mid.min(max), max) };
        Rectangle::new([(0.0, at(k)), (1.0, at(k + 1))], t_colour.filled())
    }))?;
    legend.draw_series(std::iter::once(Rectangle::new([(0.0, 1.0), (1.0, top)], BLACK.stroke_width(1))))?;
    Ok(())
}

/// An axis value without trailing zeros: `40`, `0.05`, `1.25`.
fn axis_label(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0".to_string() } else { text.to_string() }
}

/// Colour-bar ticks only at 1, 2 and 5 times a power of ten (others stay unlabelled, so the
/// log axis doesn't crowd).
fn round_label(value: f64) -> String {
    let rounded = value.round();
    if rounded < 1.0 || (value - rounded).abs() > 1e-6 * rounded {
        return String::new();
    }
    let power = 10f64.powi(rounded.log10().floor() as i32);
    let mantissa = (rounded / power).round() as u64;
    if matches!(mantissa, 1 | 2 | 5) && (mantissa as f64 * power - rounded).abs() < 0.5 {
        format!("{}", rounded as u64)
    } else {
        String::new()
    }
}

/// RGB8 rows to PNG bytes.
pub fn encode_png(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    let failed = |e: png::EncodingError| format!("encoding the PNG: {e}");
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(rgb).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::{Histogram, Points};

    #[test]
    fn colours_run_from_purple_to_yellow() {
        let (low, high) = (colour(1, 100), colour(100, 100));
        // Viridis starts dark blue-purple and ends yellow.
        assert!(low.2 > low.1 && low.0 < 100, "{low:?}");
        assert!(high.0 > 200 && high.1 > 200 && high.2 < 100, "{high:?}");
    }

    #[test]
    fn labels_are_short() {
        assert_eq!(axis_label(40.0), "40");
        assert_eq!(axis_label(0.05), "0.05");
        assert_eq!(axis_label(-0.00001), "0");
        let ticks: Vec<String> =
            [1.0, 2.0, 3.0, 5.0, 9.0, 10.0, 20.0, 30.0, 50.0, 100.0].iter().map(|v| round_label(*v)).collect();
        assert_eq!(ticks, ["1", "2", "", "5", "", "10", "20", "", "50", "100"]);
    }

    #[test]
    fn a_plot_is_a_png_of_the_stated_size() {
        let points = Points { x: vec![1.0, 2.0, 2.0, 3.0], y: vec![0.5, 0.25, 0.25, 0.75] };
        let png = heatmap_png(&Histogram::of(&points), "test", "x", "y").unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (WIDTH, HEIGHT));
    }
}
