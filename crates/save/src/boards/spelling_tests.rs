//! Issue #51 item 2 on the save's side: one board is one entry whatever spelling of its address
//! reached the save, so a run marked sent under one spelling is never left waiting under another
//! (the game sent such a run 30 times a second, each time with a new secret).

use super::*;
use crate::{Direction, MapStorage, STORAGE_KEY, Store, TextStorage, encode_save};

const NORMAL: &str = "http://127.0.0.1:8080";
const SPELLINGS: [&str; 5] =
    ["http://127.0.0.1:8080/", "HTTP://127.0.0.1:8080", " http://127.0.0.1:8080// ", "127.0.0.1:8080", NORMAL];

#[test]
fn every_spelling_of_an_address_has_one_normal_form() {
    for spelling in SPELLINGS {
        assert_eq!(board_address(spelling).as_deref(), Ok(NORMAL), "{spelling:?}");
    }
    assert_eq!(board_address("Scores.Example.ORG/").as_deref(), Ok("https://scores.example.org"));
    assert_eq!(board_address("https://example.org/seedfeast/").as_deref(), Ok("https://example.org/seedfeast"));
    assert!(board_address("ftp://example.org").unwrap_err().contains("not ftp://"));
}

#[test]
fn a_run_queued_under_any_spelling_is_answered_under_the_normal_one() {
    for spelling in SPELLINGS {
        let mut data = SaveData::default();
        assert!(data.queue_run(spelling, "CODE", "Ann", 1));
        assert_eq!(data.ensure_board_secret(spelling, || "first".into(), 2), "first");
        let waiting = data.waiting_runs();
        assert_eq!((waiting.len(), waiting[0].0.as_str()), (1, NORMAL), "{spelling:?}: kept under the normal form");
        assert_eq!(data.board_secret(NORMAL), Some("first"), "{spelling:?}: one secret, found by any spelling");
        data.mark_sent(NORMAL, "CODE", 3);
        assert!(data.waiting_runs().is_empty(), "{spelling:?}: the answer takes it off the queue");
    }
}

/// The save the issue found: a run waiting under a spelling an older game kept, and the secret
/// under another.
fn with_spellings() -> String {
    let mut data = SaveData::default();
    data.record("runner/A", 1, Direction::Higher);
    encode_save(&data).unwrap().replace(
        "boards: {}",
        "boards: {\n        \"HTTP://127.0.0.1:8080\": (secret: \"\", made_at: 0, waiting: {\"CODE\": (name: \"Ann\", \
         queued_at: 5, sent_at: None)}),\n        \"http://127.0.0.1:8080/\": (secret: \"kept\", made_at: 3, waiting: \
         {}),\n    }",
    )
}

#[test]
fn a_file_with_two_spellings_of_one_board_reads_as_one_and_an_answer_sticks() {
    let text = with_spellings();
    assert!(text.contains("HTTP://127.0.0.1:8080"), "{text}");
    let storage = std::sync::Arc::new(MapStorage::default());
    storage.set(STORAGE_KEY, &text).unwrap();
    let store = Store::keyed(storage.clone());
    let mut data = store.load().data;
    assert_eq!(data.boards().keys().collect::<Vec<_>>(), [NORMAL], "merged into the normal form");
    assert_eq!(data.board_secret(NORMAL), Some("kept"), "the secret made before is reused");
    assert_eq!(data.waiting_runs().len(), 1);
    // Sent and answered, then saved over the file that still has the old spellings.
    data.mark_sent(NORMAL, "CODE", 10);
    let saved = store.save(&data).unwrap();
    assert!(saved.waiting_runs().is_empty(), "the merge with the stored file brings nothing back");
    assert!(store.load().data.waiting_runs().is_empty());
    let written = storage.get(STORAGE_KEY).unwrap().unwrap();
    assert!(!written.contains("HTTP://") && !written.contains("8080/"), "{written}");
}
