//! Pictures: the values of a table.

use crate::error::Error;
use crate::table::Table;

/// A scatter plot of a table's values, at most 4000 points (evenly spaced heaps beyond that).
pub fn table(table: &Table) -> Result<String, Error> {
    let title = format!("{} ({})", table.operation, table.play);
    let upto = table.upto;
    let step = (upto / 4000).max(1);
    let points: Vec<(u64, u32)> = (0..=upto).step_by(step as usize).map(|x| (x, table.value(x))).collect();
    let top = points.iter().map(|&(_, v)| v).max().unwrap_or(0).max(1);
    let (width, height, margin) = (800.0, 300.0, 30.0);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\">\n\
         <text x=\"{margin}\" y=\"18\" font-family=\"sans-serif\" font-size=\"13\">{title}: G(n), n = 0..{upto}, max {top}</text>\n"
    );
    for (x, v) in points {
        let px = margin + (width - 2.0 * margin) * x as f64 / upto.max(1) as f64;
        let py = height - margin - (height - 2.0 * margin) * f64::from(v) / f64::from(top);
        svg.push_str(&format!("<rect x=\"{px:.1}\" y=\"{py:.1}\" width=\"2\" height=\"2\"/>\n"));
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}
