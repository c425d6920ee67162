//! In the browser, the game's text prompts are typed in a real `<input>` the page keeps over the
//! canvas (web/index.html): a phone brings up its keyboard for it (issue #30), and a desktop
//! browser gets its own editing, selection and paste. The prompt mirrors the input's value each
//! frame; Enter answers it and Esc leaves it, as the keys do on the desktop.

use bevy::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::input::TypingFocus;
use crate::ui::text_prompt::{PromptAnswered, PromptFor, TextPrompt};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, mirror_prompt.after(crate::ui::text_prompt::PromptSystems));
}

/// The page's `window.seedfeastText`, if the page has one (an older page doesn't).
fn page_text() -> Option<JsValue> {
    js_sys::Reflect::get(&js_sys::global(), &"seedfeastText".into()).ok().filter(|v| v.is_object())
}

fn call(target: &JsValue, method: &str, args: &[JsValue]) {
    let Some(function) =
        js_sys::Reflect::get(target, &method.into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    let args: js_sys::Array = args.iter().collect();
    let _ = function.apply(target, &args);
}

fn input_value() -> Option<String> {
    let input = web_sys::window()?.document()?.get_element_by_id("seedfeast-text")?;
    js_sys::Reflect::get(&input, &"value".into()).ok()?.as_string()
}

fn mirror_prompt(
    mut commands: Commands,
    mut prompt: ResMut<TextPrompt>,
    mut focus: ResMut<TypingFocus>,
    mut shown: Local<Option<PromptFor>>,
) {
    let Some(page) = page_text() else { return };
    match (prompt.open, *shown) {
        (Some(purpose), shown_now) if shown_now != Some(purpose) => {
            let max = prompt.max_chars as f64;
            call(&page, "open", &[purpose.label().into(), prompt.text.as_str().into(), max.into()]);
            *shown = Some(purpose);
        }
        (Some(purpose), Some(_)) => {
            if let Some(value) = input_value()
                && value != prompt.text
            {
                prompt.text = value.chars().take(prompt.max_chars).collect();
                prompt.note.clear();
            }
            let answered = js_sys::Reflect::get(&page, &"answered".into()).ok().and_then(|a| a.as_string());
            match answered.as_deref() {
                Some("Enter") => {
                    let _ = js_sys::Reflect::set(&page, &"answered".into(), &"".into());
                    commands.trigger(PromptAnswered { purpose, text: prompt.text.clone() });
                }
                Some("Escape") => prompt.close(&mut focus),
                _ => {}
            }
        }
        (None, Some(_)) => {
            call(&page, "close", &[]);
            *shown = None;
        }
        _ => {}
    }
}
