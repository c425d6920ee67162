//! The boards' part of the save: secrets made once and agreed on by every window, runs queued
//! within their limits and sent oldest first, answers that no merge undoes, and the bounds.

use super::*;
use crate::format::checked_text;
use crate::{encode_save, parse_save};

const SERVER: &str = "https://scores.example.org";
const LOCAL: &str = "http://127.0.0.1:8080";

fn secret(text: &str) -> impl FnOnce() -> String + '_ {
    move || text.to_string()
}

#[test]
fn a_secret_is_made_once_and_kept() {
    let mut data = SaveData::default();
    assert_eq!(data.board_secret(SERVER), None);
    assert_eq!(data.ensure_board_secret(SERVER, secret("first"), 100), "first");
    let never = || -> String { panic!("a kept secret is not made again") };
    assert_eq!(data.ensure_board_secret(SERVER, never, 200), "first");
    assert_eq!(data.board_secret(SERVER), Some("first"));
    assert_eq!(data.board_secret(LOCAL), None, "one secret per server");
    assert_eq!(data.boards()[SERVER].made_at, 100);
    // A server that so far only had a run queued gets one too.
    assert!(data.queue_run(LOCAL, "CODE", "Ann", 5));
    assert_eq!(data.board_secret(LOCAL), None);
    assert_eq!(data.ensure_board_secret(LOCAL, secret("local"), 300), "local");
}

#[test]
fn two_windows_that_each_made_a_secret_agree_on_one() {
    let start = SaveData::default();
    let mut first = start.clone();
    let mut second = start.clone();
    first.ensure_board_secret(SERVER, secret("made-later"), 2_000);
    second.ensure_board_secret(SERVER, secret("made-first"), 1_000);
    for merged in [first.merge(&second), second.merge(&first)] {
        assert_eq!(merged.board_secret(SERVER), Some("made-first"));
        assert_eq!(merged.boards()[SERVER].made_at, 1_000);
    }
    // Made at the same moment: the smaller string, in both orders.
    let mut third = start.clone();
    third.ensure_board_secret(SERVER, secret("aaa"), 1_000);
    assert_eq!(second.merge(&third).board_secret(SERVER), Some("aaa"));
    assert_eq!(third.merge(&second).board_secret(SERVER), Some("aaa"));
    // A copy with no secret (a run queued first, at stamp 0) never wins over one with a secret.
    let mut queued = start.clone();
    queued.queue_run(SERVER, "CODE", "Ann", 1);
    assert_eq!(queued.merge(&first).board_secret(SERVER), Some("made-later"));
    assert_eq!(first.merge(&queued).board_secret(SERVER), Some("made-later"));
    assert_eq!(first.merge(&queued).waiting_runs().len(), 1);
}

#[test]
fn a_server_keeps_at_most_twenty_unsent_runs() {
    let mut data = SaveData::default();
    for n in 0..MAX_WAITING {
        assert!(data.queue_run(SERVER, &format!("CODE{n:02}"), "Ann", n as u64), "{n}");
    }
    assert!(!data.queue_run(SERVER, "ONE-TOO-MANY", "Ann", 50));
    assert!(!data.boards()[SERVER].waiting.contains_key("ONE-TOO-MANY"), "nothing kept");
    // Queuing a code already there is a no-op, even when full: the first queuing stays.
    assert!(data.queue_run(SERVER, "CODE03", "Bo", 60));
    assert_eq!(data.boards()[SERVER].waiting["CODE03"], Waiting { name: "Ann".into(), queued_at: 3, sent_at: None });
    // Another server has room of its own; an answered run makes room.
    assert!(data.queue_run(LOCAL, "ONE-TOO-MANY", "Ann", 50));
    data.mark_sent(SERVER, "CODE00", 70);
    assert!(data.queue_run(SERVER, "ONE-TOO-MANY", "Ann", 80));
    assert!(!data.queue_run(SERVER, "ONE-MORE", "Ann", 90));
    // A code already answered is not queued again.
    data.mark_sent(SERVER, "CODE01", 95);
    assert!(data.queue_run(SERVER, "CODE00", "Ann", 100));
    assert_eq!(data.boards()[SERVER].waiting["CODE00"].sent_at, Some(70));
}

#[test]
fn a_code_over_80_kib_is_refused_and_a_name_is_cut() {
    let mut data = SaveData::default();
    let longest = "A".repeat(MAX_RUN_CODE_BYTES);
    assert!(data.queue_run(SERVER, &longest, "Ann", 1));
    assert!(!data.queue_run(SERVER, &format!("{longest}A"), "Ann", 2));
    assert_eq!(data.boards()[SERVER].waiting.len(), 1);
    data.mark_sent(SERVER, &format!("{longest}A"), 3);
    assert_eq!(data.boards()[SERVER].waiting.len(), 1, "a code that can't be queued gets no tombstone");
    assert!(data.queue_run(SERVER, "B", &"é".repeat(30), 4));
    assert_eq!(data.boards()[SERVER].waiting["B"].name, "é".repeat(PLAYER_NAME_MAX_CHARS));
    // The server's key is cut as the board setting is: the setting's value finds it.
    let long = format!("https://{}", "x".repeat(300));
    data.ensure_board_secret(&long, secret("s"), 5);
    let mut settings = crate::Settings::default();
    settings.set_board(&long, 6);
    assert_eq!(data.board_secret(settings.board()), Some("s"));
    assert!(data.boards().keys().all(|key| key.chars().count() <= BOARD_ADDRESS_MAX_CHARS));
}

#[test]
fn waiting_runs_are_unsent_only_oldest_queued_first() {
    let mut data = SaveData::default();
    data.queue_run(SERVER, "LATE", "Ann", 30);
    data.queue_run(LOCAL, "B", "Ann", 10);
    data.queue_run(SERVER, "A", "Bo", 10);
    data.queue_run(LOCAL, "A", "Ann", 10);
    data.queue_run(SERVER, "EARLY", "Ann", 5);
    data.queue_run(LOCAL, "ANSWERED", "Ann", 1);
    data.mark_sent(LOCAL, "ANSWERED", 40);
    let order: Vec<(String, String)> = data.waiting_runs().into_iter().map(|(s, c, _)| (s, c)).collect();
    let expected = [(SERVER, "EARLY"), (LOCAL, "A"), (LOCAL, "B"), (SERVER, "A"), (SERVER, "LATE")];
    assert_eq!(order, expected.map(|(s, c)| (s.to_string(), c.to_string())));
    assert_eq!(data.waiting_runs()[3].2, Waiting { name: "Bo".into(), queued_at: 10, sent_at: None });
}

#[test]
fn an_answer_is_final_and_stamped_past_the_last_one() {
    let mut data = SaveData::default();
    data.queue_run(SERVER, "RUN", "Ann", 1);
    data.mark_sent(SERVER, "RUN", 1_000);
    data.mark_sent(SERVER, "RUN", 2_000);
    assert_eq!(
        data.boards()[SERVER].waiting["RUN"],
        Waiting { name: "Ann".into(), queued_at: 1, sent_at: Some(1_000) }
    );
    // A code never queued here (another window queued it) gets its tombstone too; this clock is
    // behind, but the answer still comes after the last one.
    data.mark_sent(SERVER, "ELSEWHERE", 500);
    assert_eq!(data.boards()[SERVER].waiting["ELSEWHERE"].sent_at, Some(1_001));
    assert!(data.waiting_runs().is_empty());
    // At most 50 tombstones per server: the oldest answers go.
    for n in 0..60u64 {
        data.mark_sent(SERVER, &format!("T{n:02}"), 10_000 + n);
    }
    let waiting = &data.boards()[SERVER].waiting;
    assert_eq!(waiting.len(), TOMBSTONES_PER_SERVER);
    assert!(waiting.contains_key("T59") && waiting.contains_key("T10") && !waiting.contains_key("T09"));
}

#[test]
fn an_answer_beats_an_unsent_copy_and_unsent_copies_keep_the_first_queuing() {
    let mut older = SaveData::default();
    older.queue_run(SERVER, "RUN", "Ann", 10);
    let mut newer = older.clone();
    newer.mark_sent(SERVER, "RUN", 50);
    for merged in [older.merge(&newer), newer.merge(&older)] {
        assert!(merged.waiting_runs().is_empty(), "an answered run came back");
        assert_eq!(merged.boards()[SERVER].waiting["RUN"].sent_at, Some(50));
    }
    // Two answers: the later.
    let mut other = older.clone();
    other.mark_sent(SERVER, "RUN", 70);
    assert_eq!(newer.merge(&other).boards()[SERVER].waiting["RUN"].sent_at, Some(70));
    assert_eq!(other.merge(&newer).boards()[SERVER].waiting["RUN"].sent_at, Some(70));
    // Two windows queued the same run: the earlier queuing, then the smaller name.
    let mut a = SaveData::default();
    let mut b = SaveData::default();
    a.queue_run(SERVER, "SAME", "Bo", 20);
    b.queue_run(SERVER, "SAME", "Cy", 15);
    assert_eq!(a.merge(&b).waiting_runs()[0].2.name, "Cy");
    assert_eq!(b.merge(&a).waiting_runs()[0].2.name, "Cy");
    let mut c = SaveData::default();
    c.queue_run(SERVER, "SAME", "Al", 15);
    assert_eq!(b.merge(&c).waiting_runs()[0].2.name, "Al");
    assert_eq!(c.merge(&b).waiting_runs()[0].2.name, "Al");
}

#[test]
fn the_servers_are_bounded_and_a_save_keeps_fifty_tombstones() {
    let mut data = SaveData::default();
    for n in 0..MAX_BOARD_SERVERS {
        assert!(data.queue_run(&format!("http://s{n:02}"), "R", "Ann", 1));
    }
    assert!(!data.queue_run("http://one-more", "R", "Ann", 1), "a 65th server is refused");
    assert_eq!(data.ensure_board_secret("http://one-more", secret("unkept"), 2), "unkept");
    assert_eq!(data.board_secret("http://one-more"), None);
    assert!(data.queue_run("http://s00", "R2", "Ann", 1), "a known server still has room");
    // Merged copies may hold more: a save keeps the first 64 servers, 50 tombstones each.
    let mut other = SaveData::default();
    other.ensure_board_secret("http://zz", secret("z"), 3);
    for n in 0..70u64 {
        other
            .boards
            .get_mut("http://zz")
            .unwrap()
            .waiting
            .insert(format!("T{n:02}"), Waiting { name: String::new(), queued_at: 0, sent_at: Some(n) });
    }
    let mut both = other.merge(&SaveData::default());
    let (saved, text) = checked_text(both.clone(), &SaveData::default()).unwrap();
    assert_eq!(saved.boards()["http://zz"].waiting.len(), TOMBSTONES_PER_SERVER);
    assert!(saved.boards()["http://zz"].waiting.contains_key("T69") && !text.contains("\"T19\""));
    both = both.merge(&data);
    assert_eq!(both.boards().len(), MAX_BOARD_SERVERS + 1);
    let (saved, _) = checked_text(both, &SaveData::default()).unwrap();
    assert_eq!(saved.boards().len(), MAX_BOARD_SERVERS);
    assert!(!saved.boards().contains_key("http://zz"), "the last by key went");
}

#[test]
fn reading_keeps_at_most_200_entries_per_server_unsent_first() {
    let mut board = Board::default();
    for n in 0..150u64 {
        board.waiting.insert(format!("U{n:03}"), Waiting { name: "Ann".into(), queued_at: n, sent_at: None });
        board.waiting.insert(format!("T{n:03}"), Waiting { name: "Ann".into(), queued_at: 0, sent_at: Some(n) });
    }
    board
        .waiting
        .insert("A".repeat(MAX_RUN_CODE_BYTES + 1), Waiting { name: "é".repeat(25), queued_at: 0, sent_at: None });
    board.waiting.insert("LONG-NAME".into(), Waiting { name: "é".repeat(25), queued_at: 0, sent_at: None });
    let mut data = SaveData::default();
    data.boards.insert(SERVER.into(), board);
    let parsed = parse_save(&encode_save(&data).unwrap()).unwrap();
    let kept = &parsed.data.boards()[SERVER].waiting;
    assert_eq!(kept.len(), WAITING_READ_MAX);
    assert_eq!(kept.values().filter(|w| w.sent_at.is_none()).count(), 151, "every unsent run but the outsized one");
    assert!(kept.contains_key("T149") && kept.contains_key("T101") && !kept.contains_key("T100"), "the newest answers");
    assert_eq!(kept["LONG-NAME"].name.chars().count(), PLAYER_NAME_MAX_CHARS);
    // What was read is within the bounds: it writes and reads back the same.
    assert_eq!(parse_save(&encode_save(&parsed.data).unwrap()).unwrap().data, parsed.data);
}
