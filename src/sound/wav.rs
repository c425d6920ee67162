//! A reader for the game's own WAV files (uncompressed PCM, mono, 8 or 16 bits), for the browser's
//! player, which hands Web Audio plain samples.
//!
//! ```
//! use seedfeast::sound::{Sfx, wav};
//! let clip = wav::decode(Sfx::Jump.wav()).unwrap();
//! assert_eq!(clip.rate, 22_050);
//! assert!(clip.samples.iter().all(|s| (-1.0..=1.0).contains(s)));
//! ```

use std::fmt;

/// Decoded sound: samples in -1..=1 at `rate` per second.
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    pub rate: u32,
    pub samples: Vec<f32>,
}

/// Why a file is not a WAV this reader plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WavError(String);

impl fmt::Display for WavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a playable WAV: {}", self.0)
    }
}

impl std::error::Error for WavError {}

fn fail<T>(why: impl Into<String>) -> Result<T, WavError> {
    Err(WavError(why.into()))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Reads a RIFF/WAVE file: its `fmt ` chunk must say PCM, one channel, 8 or 16 bits.
pub fn decode(bytes: &[u8]) -> Result<Clip, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return fail("no RIFF/WAVE header");
    }
    let mut format = None;
    let mut at = 12;
    // Each chunk is an id, a length and (padded to an even length) its body; the loop moves forward
    // by at least 8 bytes a turn, so it ends.
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let len = u32_at(bytes, at + 4) as usize;
        let body = at + 8;
        let Some(end) = body.checked_add(len).filter(|end| *end <= bytes.len()) else {
            return fail(format!("chunk {:?} runs past the end of the file", String::from_utf8_lossy(id)));
        };
        match id {
            b"fmt " if len >= 16 => {
                let (tag, channels) = (u16_at(bytes, body), u16_at(bytes, body + 2));
                let (rate, bits) = (u32_at(bytes, body + 4), u16_at(bytes, body + 14));
                if tag != 1 {
                    return fail(format!("format tag {tag}, not PCM"));
                }
                if channels != 1 {
                    return fail(format!("{channels} channels, not mono"));
                }
                if bits != 8 && bits != 16 {
                    return fail(format!("{bits}-bit samples"));
                }
                if rate == 0 {
                    return fail("a sample rate of 0");
                }
                format = Some((rate, bits));
            }
            b"data" => {
                let Some((rate, bits)) = format else { return fail("data before the fmt chunk") };
                let data = &bytes[body..end];
                let samples = if bits == 8 {
                    // 8-bit WAV samples are unsigned, centred on 128.
                    data.iter().map(|b| (f32::from(*b) - 128.0) / 128.0).collect()
                } else {
                    data.chunks_exact(2).map(|s| f32::from(i16::from_le_bytes([s[0], s[1]])) / 32_768.0).collect()
                };
                return Ok(Clip { rate, samples });
            }
            _ => {}
        }
        at = end + (len & 1);
    }
    fail("no data chunk")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav(fmt: &[u8], data: &[u8]) -> Vec<u8> {
        let mut out = b"RIFF\0\0\0\0WAVE".to_vec();
        out.extend(b"fmt ");
        out.extend((fmt.len() as u32).to_le_bytes());
        out.extend(fmt);
        out.extend(b"data");
        out.extend((data.len() as u32).to_le_bytes());
        out.extend(data);
        out
    }

    fn pcm_format(channels: u16, rate: u32, bits: u16) -> Vec<u8> {
        let mut fmt = 1u16.to_le_bytes().to_vec();
        fmt.extend(channels.to_le_bytes());
        fmt.extend(rate.to_le_bytes());
        fmt.extend((rate * u32::from(bits) / 8).to_le_bytes());
        fmt.extend((bits / 8).to_le_bytes());
        fmt.extend(bits.to_le_bytes());
        fmt
    }

    #[test]
    fn reads_8_and_16_bit_mono() {
        let clip = decode(&wav(&pcm_format(1, 8000, 8), &[128, 255, 0])).unwrap();
        assert_eq!(clip, Clip { rate: 8000, samples: vec![0.0, 127.0 / 128.0, -1.0] });
        let data: Vec<u8> = [0i16, 16_384, -32_768].iter().flat_map(|s| s.to_le_bytes()).collect();
        let clip = decode(&wav(&pcm_format(1, 44_100, 16), &data)).unwrap();
        assert_eq!(clip, Clip { rate: 44_100, samples: vec![0.0, 0.5, -1.0] });
    }

    #[test]
    fn refuses_what_it_cannot_play_and_says_why() {
        let cases: [(Vec<u8>, &str); 6] = [
            (b"OggS....".to_vec(), "no RIFF/WAVE header"),
            (wav(&pcm_format(2, 8000, 8), &[128, 128]), "2 channels"),
            (wav(&pcm_format(1, 8000, 24), &[0, 0, 0]), "24-bit"),
            (wav(&pcm_format(1, 0, 8), &[128]), "sample rate of 0"),
            (b"RIFF\0\0\0\0WAVEdata\x04\0\0\0\x80\x80\x80\x80".to_vec(), "data before the fmt chunk"),
            (b"RIFF\0\0\0\0WAVEfmt \xff\xff\0\0".to_vec(), "runs past the end"),
        ];
        for (bytes, why) in cases {
            let error = decode(&bytes).expect_err(why).to_string();
            assert!(error.contains(why), "{error:?} should say {why:?}");
        }
        let mut adpcm = pcm_format(1, 8000, 8);
        adpcm[0] = 2;
        assert!(decode(&wav(&adpcm, &[0])).unwrap_err().to_string().contains("not PCM"));
        assert!(decode(&b"RIFF\0\0\0\0WAVE"[..]).unwrap_err().to_string().contains("no data chunk"));
    }
}
