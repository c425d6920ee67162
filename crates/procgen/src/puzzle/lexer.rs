//! The lexer: program text to tokens with their `line:col`, refusing anything too long or
//! not part of the language with a message that says what was expected.

use crate::puzzle::ast::{CodeError, Pos};

/// The longest program accepted, in bytes: far above any level's solution, small enough that
/// parsing and checking stay instant on every keystroke.
pub const MAX_PROGRAM_BYTES: usize = 4096;
/// The largest number literal: loop bounds and variables live well below it, and it keeps
/// every count the interpreter adds far from overflow.
pub const MAX_NUMBER: i64 = 1000;
/// The longest name (object or variable) or string.
pub const MAX_NAME_CHARS: usize = 32;

/// One token; names and strings keep their text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Name(String),
    Int(i64),
    Str(String),
    For,
    If,
    Else,
    While,
    True,
    False,
    Dot,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Semi,
    Assign,
    EqEq,
    NotEq,
    Less,
    PlusPlus,
    Eof,
}

impl Tok {
    /// How the token reads in a message: `';'`, `name 'block1'`, `the end of the program`.
    pub fn describe(&self) -> String {
        match self {
            Tok::Name(n) => format!("'{n}'"),
            Tok::Int(n) => format!("the number {n}"),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Eof => "the end of the program".into(),
            other => format!("'{}'", other.text()),
        }
    }

    /// The fixed text of a keyword or symbol (empty for names, numbers and strings).
    pub fn text(&self) -> &'static str {
        match self {
            Tok::For => "for",
            Tok::If => "if",
            Tok::Else => "else",
            Tok::While => "while",
            Tok::True => "true",
            Tok::False => "false",
            Tok::Dot => ".",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::Semi => ";",
            Tok::Assign => "=",
            Tok::EqEq => "==",
            Tok::NotEq => "!=",
            Tok::Less => "<",
            Tok::PlusPlus => "++",
            Tok::Name(_) | Tok::Int(_) | Tok::Str(_) | Tok::Eof => "",
        }
    }
}

/// A token, where it starts and where it ends (the column just past its last character).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
    pub end: Pos,
}

/// Splits `source` into tokens, ending with [`Tok::Eof`]. `//` starts a comment to the end of
/// the line; spaces, tabs and newlines (LF or CRLF) separate tokens.
///
/// ```
/// use seedfeast_procgen::puzzle::lexer::{Tok, lex};
/// let tokens = lex("block1.move(\"up\"); // go").unwrap();
/// assert_eq!(tokens[0].tok, Tok::Name("block1".into()));
/// assert_eq!(tokens[4].tok, Tok::Str("up".into()));
/// assert_eq!(tokens[4].pos.col, 13);
/// assert_eq!(lex("a # b").unwrap_err().to_string(), "1:3: unexpected character '#'");
/// ```
pub fn lex(source: &str) -> Result<Vec<Token>, CodeError> {
    if source.len() > MAX_PROGRAM_BYTES {
        return Err(CodeError::new(
            Pos::new(1, 1),
            format!("the program is {} bytes long; at most {MAX_PROGRAM_BYTES} are allowed", source.len()),
        ));
    }
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    while i < chars.len() {
        // Newlines, blanks and comments separate tokens.
        match chars[i] {
            '\n' => {
                i += 1;
                line += 1;
                col = 1;
                continue;
            }
            ' ' | '\t' | '\r' => {
                i += 1;
                col += 1;
                continue;
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        let pos = Pos::new(line, col);
        // A token consumes `len` characters on this line.
        let (tok, len) = token_at(&chars, i, pos)?;
        i += len;
        col += len as u32;
        tokens.push(Token { tok, pos, end: Pos::new(line, col) });
    }
    let end = Pos::new(line, col);
    tokens.push(Token { tok: Tok::Eof, pos: end, end });
    Ok(tokens)
}

/// The token starting at `chars[i]` (at `pos`) and the characters it takes.
fn token_at(chars: &[char], i: usize, pos: Pos) -> Result<(Tok, usize), CodeError> {
    let next = chars.get(i + 1).copied();
    match chars[i] {
        '/' => Err(CodeError::new(pos, "unexpected '/': a comment starts with '//'")),
        '.' => Ok((Tok::Dot, 1)),
        '(' => Ok((Tok::LParen, 1)),
        ')' => Ok((Tok::RParen, 1)),
        '{' => Ok((Tok::LBrace, 1)),
        '}' => Ok((Tok::RBrace, 1)),
        ';' => Ok((Tok::Semi, 1)),
        '<' => Ok((Tok::Less, 1)),
        '=' if next == Some('=') => Ok((Tok::EqEq, 2)),
        '=' => Ok((Tok::Assign, 1)),
        '!' if next == Some('=') => Ok((Tok::NotEq, 2)),
        '!' => Err(CodeError::new(pos, "unexpected '!': expected '!=' (not equal)")),
        '+' if next == Some('+') => Ok((Tok::PlusPlus, 2)),
        '+' => Err(CodeError::new(pos, "unexpected '+': expected '++' (add one)")),
        '"' => string_at(chars, i, pos),
        '0'..='9' => number_at(chars, i, pos),
        c if c.is_ascii_alphabetic() || c == '_' => word_at(chars, i, pos),
        other => {
            let shown = if other.is_control() { format!("{:?}", other) } else { format!("'{other}'") };
            Err(CodeError::new(pos, format!("unexpected character {shown}")))
        }
    }
}

/// A string from its opening `"` at `chars[i]` to the closing one on the same line.
fn string_at(chars: &[char], i: usize, pos: Pos) -> Result<(Tok, usize), CodeError> {
    let start = i + 1;
    let mut end = start;
    while end < chars.len() && chars[end] != '"' && chars[end] != '\n' {
        end += 1;
    }
    if end >= chars.len() || chars[end] != '"' {
        return Err(CodeError::new(pos, "unterminated string: expected a closing '\"' on the same line"));
    }
    let text: String = chars[start..end].iter().collect();
    if text.chars().count() > MAX_NAME_CHARS {
        return Err(CodeError::new(pos, format!("a string has at most {MAX_NAME_CHARS} characters")));
    }
    let len = end + 1 - i;
    Ok((Tok::Str(text), len))
}

/// A number literal from its first digit at `chars[i]`, at most [`MAX_NUMBER`].
fn number_at(chars: &[char], i: usize, pos: Pos) -> Result<(Tok, usize), CodeError> {
    let mut end = i;
    while end < chars.len() && chars[end].is_ascii_digit() {
        end += 1;
    }
    let digits: String = chars[i..end].iter().collect();
    // Digits beyond i64 or past the cap are both "too large": parse saturating.
    let value = digits.parse::<i64>().unwrap_or(i64::MAX);
    if value > MAX_NUMBER {
        return Err(CodeError::new(pos, format!("the number {digits} is too large: at most {MAX_NUMBER}")));
    }
    if end < chars.len() && (chars[end].is_ascii_alphabetic() || chars[end] == '_') {
        return Err(CodeError::new(pos, "a name can't start with a digit"));
    }
    Ok((Tok::Int(value), end - i))
}

/// A keyword or name from its first letter at `chars[i]`.
fn word_at(chars: &[char], i: usize, pos: Pos) -> Result<(Tok, usize), CodeError> {
    let mut end = i;
    while end < chars.len() && (chars[end].is_ascii_alphanumeric() || chars[end] == '_') {
        end += 1;
    }
    let word: String = chars[i..end].iter().collect();
    if word.len() > MAX_NAME_CHARS {
        return Err(CodeError::new(pos, format!("a name has at most {MAX_NAME_CHARS} characters")));
    }
    let tok = match word.as_str() {
        "for" => Tok::For,
        "if" => Tok::If,
        "else" => Tok::Else,
        "while" => Tok::While,
        "true" => Tok::True,
        "false" => Tok::False,
        _ => Tok::Name(word),
    };
    Ok((tok, end - i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    fn err(s: &str) -> String {
        lex(s).unwrap_err().to_string()
    }

    #[test]
    fn every_token() {
        assert_eq!(
            toks("for if else while true false . ( ) { } ; = == != < ++ x_1 42 \"s\""),
            [
                Tok::For,
                Tok::If,
                Tok::Else,
                Tok::While,
                Tok::True,
                Tok::False,
                Tok::Dot,
                Tok::LParen,
                Tok::RParen,
                Tok::LBrace,
                Tok::RBrace,
                Tok::Semi,
                Tok::Assign,
                Tok::EqEq,
                Tok::NotEq,
                Tok::Less,
                Tok::PlusPlus,
                Tok::Name("x_1".into()),
                Tok::Int(42),
                Tok::Str("s".into()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn positions_count_lines_and_characters() {
        let t = lex("// note\r\n  a = 1;\n\tb").unwrap();
        assert_eq!((t[0].pos, t[1].pos, t[3].pos), (Pos::new(2, 3), Pos::new(2, 5), Pos::new(2, 8)));
        assert_eq!(t[4].pos, Pos::new(3, 2));
        assert_eq!(t[5], Token { tok: Tok::Eof, pos: Pos::new(3, 3), end: Pos::new(3, 3) });
        assert_eq!(t[2].end, Pos::new(2, 8));
        // Multi-byte characters in comments count once.
        assert_eq!(lex("// é\nx").unwrap()[0].pos, Pos::new(2, 1));
    }

    #[test]
    fn errors_say_what_was_expected() {
        assert_eq!(err("a ! b"), "1:3: unexpected '!': expected '!=' (not equal)");
        assert_eq!(err("i+"), "1:2: unexpected '+': expected '++' (add one)");
        assert_eq!(err("x / y"), "1:3: unexpected '/': a comment starts with '//'");
        assert_eq!(err("m(\"up);\nx"), "1:3: unterminated string: expected a closing '\"' on the same line");
        assert_eq!(err("n = 1001;"), "1:5: the number 1001 is too large: at most 1000");
        assert_eq!(
            err("n = 99999999999999999999999;"),
            "1:5: the number 99999999999999999999999 is too large: at most 1000"
        );
        assert_eq!(err("3abc"), "1:1: a name can't start with a digit");
        assert_eq!(err("é"), "1:1: unexpected character 'é'");
        assert_eq!(err("\u{7}"), "1:1: unexpected character '\\u{7}'");
        assert!(err(&"a".repeat(33)).contains("at most 32 characters"));
        assert!(err(&" ".repeat(MAX_PROGRAM_BYTES + 1)).starts_with("1:1: the program is 4097 bytes long"));
    }
}
