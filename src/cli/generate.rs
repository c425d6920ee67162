//! `seedfeast gen`: one level, printed as JSON, ASCII or a PNG picture.

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

/// The most program text `--code` reads: far more than any level's solution.
pub(super) const MAX_CODE_FILE: u64 = 64 * 1024;

/// The program in a `--code` file, read with a size cap; the generator's own limits follow.
pub(super) fn read_code(path: Option<&Path>) -> Result<Option<String>, Stop> {
    let Some(path) = path else { return Ok(None) };
    let bad = |why: String| Stop::Usage(format!("error: --code {}: {why}", path.display()));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() {
        return Err(bad("not a regular file".into()));
    }
    if metadata.len() > MAX_CODE_FILE {
        return Err(bad(format!("{} bytes is more than a program may hold ({MAX_CODE_FILE})", metadata.len())));
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

pub(super) fn write_out(bytes: &[u8], output: Option<&Path>) -> Result<(), Stop> {
    match output {
        Some(path) => {
            std::fs::write(path, bytes).map_err(|e| Stop::Failed(format!("error: can't write {}: {e}", path.display())))
        }
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
