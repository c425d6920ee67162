//! Whether `play` has a display to open its window on, found out by opening it as winit will
//! (issue #51, 3): without one, winit fails inside Bevy's window code and the process panics
//! (exit 101, "Failed to build event loop"). Looking only at whether `DISPLAY` was set missed a
//! display that is set but gone (`DISPLAY=:99`) and variables set but empty.
//!
//! This build's window goes through X11 alone (Bevy's `x11` feature; on a Wayland desktop,
//! XWayland's `DISPLAY`), so the check is winit's own first steps: the X libraries it loads, then
//! `XOpenDisplay`, closed again at once.

/// `Ok` when the game's window can open, else what to tell the player.
#[cfg(all(unix, not(target_os = "macos"), not(target_os = "android")))]
pub fn check_display() -> Result<(), String> {
    use seedfeast_procgen::shown::shown;
    let display = std::env::var("DISPLAY").ok().filter(|value| !value.is_empty());
    let Some(display) = display else {
        let why = match std::env::var_os("DISPLAY") {
            Some(_) => "DISPLAY is set but empty",
            None => "DISPLAY is not set",
        };
        let wayland = std::env::var("WAYLAND_DISPLAY").ok().filter(|value| !value.is_empty());
        let note = if wayland.is_some() { " (on Wayland the game's window needs XWayland, which sets it)" } else { "" };
        return Err(no_display(&format!("{why}{note}")));
    };
    // The libraries winit loads before it opens the display: missing, it fails the same way.
    let xlib = x11_dl::xlib::Xlib::open().map_err(|e| no_display(&format!("the X11 library can't be loaded: {e}")))?;
    let missing = [
        x11_dl::xcursor::Xcursor::open().err(),
        x11_dl::xlib_xcb::Xlib_xcb::open().err(),
        x11_dl::xinput2::XInput2::open().err(),
    ];
    if let Some(error) = missing.into_iter().flatten().next() {
        return Err(no_display(&format!("an X11 library the window needs can't be loaded: {error}")));
    }
    // SAFETY: `XOpenDisplay` with a null name reads `DISPLAY`; the connection it returns, when
    // not null, is closed once and never used after.
    let connection = unsafe { (xlib.XOpenDisplay)(std::ptr::null()) };
    if connection.is_null() {
        return Err(no_display(&format!(
            "DISPLAY is \"{}\", and no X server there lets this program connect",
            shown(&display)
        )));
    }
    // SAFETY: as above: this connection, closed once.
    unsafe { (xlib.XCloseDisplay)(connection) };
    Ok(())
}

/// Elsewhere the operating system always has a screen to open a window on.
#[cfg(not(all(unix, not(target_os = "macos"), not(target_os = "android"))))]
pub fn check_display() -> Result<(), String> {
    Ok(())
}

#[cfg(all(unix, not(target_os = "macos"), not(target_os = "android")))]
fn no_display(why: &str) -> String {
    format!(
        "error: there is no display to open the game's window on: {why}. Commands such as `seedfeast gen` and \
         `seedfeast replay verify` need none"
    )
}
