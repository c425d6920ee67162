//! Scores and settings kept between runs (issue #11): format, merge rules, stores. No Bevy.
