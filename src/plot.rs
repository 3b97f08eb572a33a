//! Pictures as SVG (plotters, with no system fonts: text is left to the viewer): the values of a
//! table with its period marked, and maps of two-number positions.

use plotters::prelude::*;

use crate::error::Error;
use crate::table::Table;

/// Width and height of every picture, in pixels.
const SIZE: (u32, u32) = (960, 480);

/// Most points drawn on a table plot: beyond that, evenly spaced heaps.
const MOST_POINTS: u64 = 4000;

fn drawing_error(error: impl std::fmt::Display) -> Error {
    Error::usage(format!("drawing the picture: {error}"))
}

/// A tick's label where it falls on an integer, else none.
fn integer_tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 { format!("{:.0}", x.round()) } else { String::new() }
}

/// The values of a table: heap `n` across, its value up; the pre-period and one period marked;
/// `misere`, when given, overlaid.
pub fn table(table: &Table, misere: Option<&Table>) -> Result<String, Error> {
    let upto = table.upto;
    let step = (upto / MOST_POINTS).max(1);
    let heaps: Vec<u64> = (0..=upto).step_by(step as usize).collect();
    let top = heaps
        .iter()
        .map(|&x| table.value(x).max(misere.filter(|m| x <= m.upto).map_or(0, |m| m.value(x))))
        .max()
        .unwrap_or(0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(drawing_error)?;
        let play =
            if misere.is_some() { "normal and misère play".to_string() } else { format!("{} play", table.play) };
        let caption = format!("{}, {play}: Grundy values of single heaps 0..{upto}", table.operation);
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 18))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(52)
            .build_cartesian_2d(0f64..(upto.max(1)) as f64, 0f64..f64::from(top + 1))
            .map_err(drawing_error)?;
        chart
            .configure_mesh()
            .x_desc("heap n")
            .y_desc("value")
            // Heaps and values are integers: ticks between them get no label, and no more ticks
            // than integers in the range.
            .x_labels((upto + 1).min(12) as usize)
            .y_labels((top as usize + 2).min(12))
            .x_label_formatter(&integer_tick)
            .y_label_formatter(&integer_tick)
            .light_line_style(WHITE.mix(0.0))
            .axis_desc_style(("sans-serif", 15))
            .draw()
            .map_err(drawing_error)?;
        let y_top = f64::from(top + 1);
        if let Some(period) = table.values.period {
            let start = period.preperiod as f64;
            let end = (period.preperiod + period.period) as f64;
            let status = if table.values.proven {
                "proven".to_string()
            } else {
                format!("observed over n = {}..={}, not proven", period.preperiod, table.values.computed_to())
            };
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(start, 0.0), (end.min(upto as f64), y_top)],
                    RGBColor(255, 214, 140).mix(0.45).filled(),
                )))
                .map_err(drawing_error)?
                .label(format!("one period: {} heaps from n = {} ({status})", period.period, period.preperiod))
                .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], RGBColor(255, 214, 140).filled()));
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(start, 0.0), (start, y_top)],
                    ShapeStyle::from(&RGBColor(200, 90, 0)).stroke_width(2),
                )))
                .map_err(drawing_error)?
                .label(format!("pre-period ends: periodic from n = {}", period.preperiod))
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], RGBColor(200, 90, 0).stroke_width(2)));
        }
        let blue = RGBColor(30, 90, 200);
        chart
            .draw_series(heaps.iter().map(|&x| Circle::new((x as f64, f64::from(table.value(x))), 2, blue.filled())))
            .map_err(drawing_error)?
            .label(format!("G(n), {} play", table.play))
            .legend(move |(x, y)| Circle::new((x + 7, y), 3, blue.filled()));
        if let Some(misere) = misere {
            let red = RGBColor(210, 40, 40);
            chart
                .draw_series(heaps.iter().filter(|&&x| x <= misere.upto).map(|&x| {
                    Cross::new((x as f64, f64::from(misere.value(x))), 3, ShapeStyle::from(&red).stroke_width(1))
                }))
                .map_err(drawing_error)?
                .label("G⁻(n), misère play")
                .legend(move |(x, y)| Cross::new((x + 7, y), 3, red));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(drawing_error)?;
        root.present().map_err(drawing_error)?;
    }
    Ok(svg)
}

/// A map of positions `(a, b)` for `a, b ≤ values.len() − 1`: each square coloured by its value,
/// value 0 (a second-player win) in black.
pub fn pairs(title: &str, axes: (&str, &str), values: &[Vec<Option<u64>>], low: u64) -> Result<String, Error> {
    let n = values.len() as u64;
    let top = values.iter().flatten().flatten().copied().max().unwrap_or(0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (SIZE.1 + 260, SIZE.1 + 40)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing_error)?;
        let (map, legend) = root.split_horizontally(SIZE.1 + 40);
        let mut chart = ChartBuilder::on(&map)
            .caption(title, ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(44)
            .build_cartesian_2d(low as f64..(low + n) as f64, low as f64..(low + n) as f64)
            .map_err(drawing_error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(axes.0)
            .y_desc(axes.1)
            // Plates are integers: ticks between them get no label.
            .x_labels((n + 1).min(12) as usize)
            .y_labels((n + 1).min(12) as usize)
            .x_label_formatter(&integer_tick)
            .y_label_formatter(&integer_tick)
            .axis_desc_style(("sans-serif", 15))
            .draw()
            .map_err(drawing_error)?;
        let colour = |value: Option<u64>| match value {
            None => RGBColor(235, 235, 235),
            Some(0) => RGBColor(0, 0, 0),
            Some(v) => {
                let hue = (v as f64 - 1.0) / (top.max(1) as f64);
                let RGBAColor(r, g, b, _) = HSLColor(0.62 - 0.62 * hue, 0.75, 0.55).to_rgba();
                RGBColor(r, g, b)
            }
        };
        chart
            .draw_series(values.iter().enumerate().flat_map(|(a, row)| {
                row.iter().enumerate().map(move |(b, &value)| {
                    let (x, y) = ((low + a as u64) as f64, (low + b as u64) as f64);
                    Rectangle::new([(x, y), (x + 1.0, y + 1.0)], colour(value).filled())
                })
            }))
            .map_err(drawing_error)?;
        let font = ("sans-serif", 13).into_font();
        let mut y = 60;
        let mut line = |text: String, swatch: Option<RGBColor>| -> Result<(), Error> {
            if let Some(swatch) = swatch {
                legend.draw(&Rectangle::new([(10, y - 9), (24, y + 3)], swatch.filled())).map_err(drawing_error)?;
            }
            legend.draw(&Text::new(text, (30, y - 9), font.clone())).map_err(drawing_error)?;
            y += 20;
            Ok(())
        };
        line("0: second player wins".to_string(), Some(colour(Some(0))))?;
        let shown: Vec<u64> = if top <= 8 { (1..=top).collect() } else { vec![1, top / 2, top] };
        for v in shown {
            line(format!("{v}"), Some(colour(Some(v))))?;
        }
        if values.iter().flatten().any(Option::is_none) {
            line("no value".to_string(), Some(colour(None)))?;
        }
        root.present().map_err(drawing_error)?;
    }
    Ok(svg)
}

/// Where each side stops scaling: seconds against the largest plate, on log scales — the oracle
/// solving every position of a box (solid), the fast side answering one plate with its tables
/// (dashed) — for at most eight entries.
pub fn scaling(rows: &[crate::bench::BenchRow]) -> Result<String, Error> {
    let rows: Vec<&crate::bench::BenchRow> = rows.iter().filter(|row| !row.scaling.is_empty()).take(8).collect();
    let points = rows.iter().flat_map(|row| row.scaling.iter());
    let (mut low_x, mut high_x, mut low_y, mut high_y) = (f64::MAX, 1.0f64, f64::MAX, 1e-6f64);
    for point in points {
        low_x = low_x.min(point.size as f64);
        high_x = high_x.max(point.size as f64);
        for seconds in [point.oracle_seconds, point.fast_seconds].into_iter().flatten() {
            low_y = low_y.min(seconds.max(1e-7));
            high_y = high_y.max(seconds);
        }
    }
    if rows.is_empty() {
        return Err(Error::usage("nothing to draw: no entry of this run has a scaling curve (pile games only)"));
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(drawing_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Where each side stops scaling: seconds against the largest plate", ("sans-serif", 18))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d((low_x.max(1.0)..high_x * 1.5).log_scale(), (low_y * 0.5..high_y * 2.0).log_scale())
            .map_err(drawing_error)?;
        chart
            .configure_mesh()
            .x_desc("largest plate N (the oracle: every position of the box; the fast side: one plate of N)")
            .y_desc("seconds")
            .x_label_formatter(&|x| if *x < 1e5 { format!("{x:.0}") } else { format!("{x:.0e}") })
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .axis_desc_style(("sans-serif", 14))
            .draw()
            .map_err(drawing_error)?;
        for (i, row) in rows.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let oracle: Vec<(f64, f64)> =
                row.scaling.iter().filter_map(|p| Some((p.size as f64, p.oracle_seconds?.max(1e-7)))).collect();
            let fast: Vec<(f64, f64)> =
                row.scaling.iter().filter_map(|p| Some((p.size as f64, p.fast_seconds?.max(1e-7)))).collect();
            chart
                .draw_series(LineSeries::new(oracle, colour.stroke_width(2)))
                .map_err(drawing_error)?
                .label(format!("{}: oracle", row.name))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
            let dashes: Vec<Vec<(f64, f64)>> = fast.windows(2).map(|pair| pair.to_vec()).collect();
            for (j, dash) in dashes.into_iter().enumerate() {
                let series =
                    chart.draw_series(LineSeries::new(dash, colour.mix(0.6).stroke_width(1))).map_err(drawing_error)?;
                if j == 0 {
                    series.label(format!("{}: fast", row.name)).legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 16, y)], colour.mix(0.6).stroke_width(1))
                    });
                }
            }
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .label_font(("sans-serif", 12))
            .draw()
            .map_err(drawing_error)?;
        root.present().map_err(drawing_error)?;
    }
    Ok(svg)
}
