#!/usr/bin/env python3
"""Synthesises the game's sound effects into assets/sounds/*.wav (22,050 Hz, 8-bit mono).

The sounds are made, not recorded, so they carry no licence and can be tweaked here; the noise is a
fixed LCG, so running this again writes the same bytes. Run: python3 scripts/make-sounds.py

8-bit, like the arcade machines these beeps imitate: it halves the files, and 16-bit PCM barely
compresses, so the browser download is 70 KB smaller for a hiss nobody hears under the tones.
"""
import math
import os
import wave

RATE = 22050
OUT = os.path.join(os.path.dirname(__file__), "..", "assets", "sounds")


def envelope(i, n, attack=0.01, release=0.6):
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    tail = (n - i) / n
    return a * (tail ** release if tail > 0 else 0.0)


def tone(freq_from, freq_to, seconds, shape="sine", volume=0.5, release=0.6):
    n = int(RATE * seconds)
    phase = 0.0
    out = []
    for i in range(n):
        f = freq_from + (freq_to - freq_from) * i / n
        phase += 2 * math.pi * f / RATE
        s = math.sin(phase)
        if shape == "square":
            s = 0.6 if s >= 0 else -0.6
        elif shape == "triangle":
            s = 2 / math.pi * math.asin(math.sin(phase))
        out.append(s * volume * envelope(i, n, release=release))
    return out


def noise(seconds, volume=0.4, seed=12345):
    n = int(RATE * seconds)
    state = seed
    out = []
    for i in range(n):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        out.append((state / 0x3FFFFFFF - 1.0) * volume * envelope(i, n, attack=0.002, release=2.0))
    return out


def mix(*tracks):
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def then(*parts):
    return [s for part in parts for s in part]


SOUNDS = {
    "jump": tone(330, 700, 0.14, "square", 0.25),
    "eat": then(tone(880, 880, 0.05, "triangle", 0.5), tone(1320, 1320, 0.07, "triangle", 0.5)),
    "bonus": then(*(tone(f, f, 0.07, "triangle", 0.45) for f in (660, 880, 1320))),
    "power": tone(220, 1100, 0.45, "square", 0.2, release=0.3),
    "hit": mix(noise(0.25, 0.5), tone(140, 60, 0.3, "sine", 0.6)),
    "gate": tone(1046, 1046, 0.09, "sine", 0.45),
    "flap": mix(noise(0.06, 0.25, seed=99), tone(500, 350, 0.06, "sine", 0.2)),
    "clear": then(*(tone(f, f, 0.09, "triangle", 0.45) for f in (523, 659, 784, 1046))),
    "over": then(*(tone(f, f * 0.97, 0.18, "triangle", 0.45) for f in (392, 330, 262, 196))),
    "click": tone(1500, 1200, 0.03, "sine", 0.35),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, samples in SOUNDS.items():
        path = os.path.join(OUT, f"{name}.wav")
        with wave.open(path, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(1)
            w.setframerate(RATE)
            # 8-bit WAV samples are unsigned, centred on 128.
            w.writeframes(bytes(128 + round(max(-1.0, min(1.0, s)) * 127) for s in samples))
        print(f"{path}: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
