//! `seedfeast gen`: one level, printed as JSON, ASCII or a PNG picture.

use seedfeast_procgen::generate::thousands;

use super::*;

/// `gen tunnel --squeeze` as it was before the table of modes: the Food Tunnel.
pub(super) fn squeezed(target: Target, squeeze: bool) -> Result<Target, Stop> {
    if !squeeze {
        return Ok(target);
    }
    Target::all()
        .into_iter()
        .find(|t| t.generator.key() == target.generator.key() && t.variant == Some("squeeze"))
        .ok_or_else(|| Stop::Usage(format!("error: --squeeze does not apply to {}", target.key)))
}

/// The most program text `--code` reads: the longest program any generator takes (bytes).
pub(super) fn max_code_bytes() -> u64 {
    let specs = generator::all().into_iter().flat_map(|g| g.options().iter());
    specs.filter(|spec| spec.option == Opt::Code).map(|spec| u64::from(spec.max)).max().unwrap_or(0)
}

/// The program in a `--code` file, read with a size cap: the longest a program may be, the limit
/// its message names (issue #51, 9: it said 65536 of a limit of 4096).
pub(super) fn read_code(path: Option<&Path>) -> Result<Option<String>, Stop> {
    let Some(path) = path else { return Ok(None) };
    let bad = |why: String| Stop::Usage(format!("error: --code {}: {why}", seedfeast_lab::output::shown_path(path)));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() {
        return Err(bad("not a regular file".into()));
    }
    let most = max_code_bytes();
    if metadata.len() > most {
        return Err(bad(format!(
            "the program is {} bytes, more than the {} a program may hold",
            thousands(metadata.len()),
            thousands(most)
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    String::from_utf8(bytes).map(Some).map_err(|_| bad("not UTF-8 text".into()))
}

/// The seed a mode plays for some input: refused when the code is from a version whose levels of
/// this mode this build makes differently.
pub(super) fn seed_for(target: Target, input: &SeedInput) -> Result<Seed, Stop> {
    if let SeedInput::Code(code) = input {
        code.check_since(target.since_version()).map_err(|error| Stop::Usage(format!("error: {error}")))?;
    }
    Ok(input.seed())
}

pub(super) fn generate(level: &LevelArgs, format: Format, output: Option<&Path>) -> Result<(), Stop> {
    if let Some(path) = output {
        seedfeast_lab::output::check(path)?;
    }
    let (target, request, data) = level.resolve()?;
    let level = target.generator.generate(&data, &request).map_err(|e| Stop::Usage(format!("error: {e}")))?;
    let bytes = match format {
        Format::Json => level.json().into_bytes(),
        Format::Ascii => level.ascii().into_bytes(),
        Format::Png => encode_png(&level.picture().map_err(|e| Stop::Usage(format!("error: {e}")))?)?,
    };
    write_out(&bytes, output)
}

pub(super) fn encode_png(picture: &Picture) -> Result<Vec<u8>, Stop> {
    let failed = |e: png::EncodingError| Stop::Failed(format!("error: png: {e}"));
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, picture.width, picture.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(&picture.rgb).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

/// Writes `bytes` to `--out` (as every writer does: see `seedfeast_lab::output`) or standard
/// output.
pub(super) fn write_out(bytes: &[u8], output: Option<&Path>) -> Result<(), Stop> {
    match output {
        Some(path) => Ok(seedfeast_lab::output::write_bytes(path, bytes)?),
        None => {
            use std::io::IsTerminal;
            if bytes.starts_with(b"\x89PNG") && std::io::stdout().is_terminal() {
                return Err(Stop::Usage("error: a PNG can't go to the terminal: add --out FILE or redirect it".into()));
            }
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(bytes)?;
            stdout.flush()?;
            Ok(())
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Ascii,
    /// A picture, scaled to fit (or refused with the largest size that fits).
    Png,
}
