//! The parser: tokens to a [`Program`], by recursive descent over the issue's grammar. Nesting is
//! capped so hostile input can't exhaust the stack, and every error names what was expected.
//!
//! ```text
//! program = { stmt } ;
//! stmt    = call ";" | assign ";" | for | if | while ;
//! call    = NAME "." ( "move" "(" DIR ")" | "rotate" "(" TURN ")" | "open" "(" ")" | "stop" "(" ")" ) ;
//! assign  = IDENT "=" INT ;
//! for     = "for" "(" IDENT "=" INT ";" IDENT "<" ( INT | IDENT ) ";" IDENT "++" ")" block ;
//! if      = "if" "(" cond ")" block [ "else" block ] ;
//! while   = "while" "(" cond ")" block ;
//! cond    = NAME "." ( "isMoving" ( "==" | "!=" ) ( "true" | "false" )
//!                    | "position" ( "==" | "!=" ) STRING ) ;
//! block   = "{" { stmt } "}" ;
//! ```

use crate::puzzle::ast::{Attr, Bound, CodeError, Command, Cond, Dir, Pos, Program, RelPos, Stmt, Turn};
use crate::puzzle::lexer::{Tok, Token, lex};

/// The deepest nesting of `{ … }` blocks accepted (a loop in an `if` in a loop is depth 3).
pub(crate) const MAX_DEPTH: usize = 8;

/// Parses a whole program.
///
/// ```
/// use seedfeast_procgen::puzzle::parse;
/// let program = parse("n = 2;\nfor (i = 0; i < n; i++) { block1.move(\"up\"); }").unwrap();
/// assert_eq!(program.size(), 3);
/// let error = parse("block1.move(\"up\")\ndoor1.open();").unwrap_err();
/// assert_eq!(error.to_string(), "1:18: expected ';' after the command, found 'door1'");
/// ```
pub fn parse(source: &str) -> Result<Program, CodeError> {
    let tokens = lex(source)?;
    let mut parser = Parser { tokens, at: 0 };
    let mut stmts = Vec::new();
    loop {
        match parser.peek() {
            Tok::Eof => break,
            Tok::RBrace => return Err(parser.error_here("unexpected '}': there is no open '{' to close")),
            _ => stmts.push(parser.stmt(0)?),
        }
    }
    Ok(Program { stmts })
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.at].tok
    }

    fn peek_at(&self, ahead: usize) -> &Tok {
        // The last token is always Eof, so clamping keeps every look-ahead in bounds.
        &self.tokens[(self.at + ahead).min(self.tokens.len() - 1)].tok
    }

    fn here(&self) -> Pos {
        self.tokens[self.at].pos
    }

    /// Where the previous token ended: the place a missing `;` or `)` belongs.
    fn after_previous(&self) -> Pos {
        if self.at == 0 { Pos::new(1, 1) } else { self.tokens[self.at - 1].end }
    }

    fn next(&mut self) -> Token {
        let token = self.tokens[self.at].clone();
        if self.at + 1 < self.tokens.len() {
            self.at += 1;
        }
        token
    }

    fn error_here(&self, message: impl Into<String>) -> CodeError {
        CodeError::new(self.here(), message)
    }

    fn found(&self) -> String {
        self.peek().describe()
    }

    /// Consumes `tok` or fails with "expected {what}, found …" at the offending token.
    fn expect(&mut self, tok: Tok, what: &str) -> Result<Token, CodeError> {
        if *self.peek() == tok {
            Ok(self.next())
        } else {
            Err(self.error_here(format!("expected {what}, found {}", self.found())))
        }
    }

    /// Like [`Parser::expect`], but points just past the previous token: a forgotten `;` is
    /// reported where it belongs, not at the next line's first word.
    fn expect_after(&mut self, tok: Tok, what: &str) -> Result<Token, CodeError> {
        if *self.peek() == tok {
            Ok(self.next())
        } else {
            Err(CodeError::new(self.after_previous(), format!("expected {what}, found {}", self.found())))
        }
    }

    fn name(&mut self, what: &str) -> Result<(String, Pos), CodeError> {
        match self.peek().clone() {
            Tok::Name(n) => {
                let pos = self.next().pos;
                Ok((n, pos))
            }
            _ => Err(self.error_here(format!("expected {what}, found {}", self.found()))),
        }
    }

    fn int(&mut self, what: &str) -> Result<i64, CodeError> {
        match *self.peek() {
            Tok::Int(n) => {
                self.next();
                Ok(n)
            }
            _ => Err(self.error_here(format!("expected {what}, found {}", self.found()))),
        }
    }

    /// The same variable again: `i` in `i < n` and `i++` must be the loop's own.
    fn same_var(&mut self, var: &str) -> Result<(), CodeError> {
        match self.peek() {
            Tok::Name(n) if n == var => {
                self.next();
                Ok(())
            }
            _ => Err(self.error_here(format!("expected '{var}' (the loop's variable), found {}", self.found()))),
        }
    }

    fn stmt(&mut self, depth: usize) -> Result<Stmt, CodeError> {
        let pos = self.here();
        match self.peek().clone() {
            Tok::Name(name) => match self.peek_at(1) {
                Tok::Dot => self.call(),
                Tok::Assign => {
                    self.next();
                    self.next();
                    let value = self.int("a number after '='")?;
                    self.expect_after(Tok::Semi, "';' after the assignment")?;
                    Ok(Stmt::Assign { name, value, pos })
                }
                Tok::EqEq => Err(CodeError::new(
                    self.tokens[self.at + 1].pos,
                    "expected '=' to give a value ('==' compares, inside if or while)",
                )),
                _ => {
                    self.next();
                    Err(self.error_here(format!(
                        "expected '.' and a command (like {name}.move(\"up\");) or '=' and a number, found {}",
                        self.found()
                    )))
                }
            },
            Tok::For => self.for_loop(depth, pos),
            Tok::If => {
                self.next();
                self.expect(Tok::LParen, "'(' after 'if'")?;
                let cond = self.cond()?;
                self.expect(Tok::RParen, "')' after the condition")?;
                let then = self.block(depth, "the if's body")?;
                let otherwise = if *self.peek() == Tok::Else { Some(self.else_block(depth)?) } else { None };
                Ok(Stmt::If { cond, then, otherwise, pos })
            }
            Tok::While => {
                self.next();
                self.expect(Tok::LParen, "'(' after 'while'")?;
                let cond = self.cond()?;
                self.expect(Tok::RParen, "')' after the condition")?;
                let body = self.block(depth, "the while's body")?;
                Ok(Stmt::While { cond, body, pos })
            }
            Tok::Else => Err(self.error_here("'else' must follow the '}' of an if")),
            _ => Err(self.error_here(format!(
                "expected a statement (a command, an assignment, for, if or while), found {}",
                self.found()
            ))),
        }
    }

    fn else_block(&mut self, depth: usize) -> Result<Vec<Stmt>, CodeError> {
        self.next();
        if *self.peek() == Tok::If {
            return Err(self.error_here(
                "expected '{' after 'else' ('else if' is not part of the language: put the if inside the else's { })",
            ));
        }
        self.block(depth, "the else's body")
    }

    fn call(&mut self) -> Result<Stmt, CodeError> {
        let (object, pos) = self.name("an object's name")?;
        self.expect(Tok::Dot, "'.'")?;
        let (command_name, command_pos) = match self.peek().clone() {
            Tok::Name(n) => (n, self.next().pos),
            _ => {
                return Err(self.error_here(format!(
                    "expected a command (move, rotate, open or stop) after '.', found {}",
                    self.found()
                )));
            }
        };
        if command_name == "isMoving" || command_name == "position" {
            return Err(CodeError::new(
                command_pos,
                format!(
                    "{command_name} is an attribute, not a command: read it in a condition, like if ({object}.{command_name} == …)"
                ),
            ));
        }
        self.expect(Tok::LParen, &format!("'(' after {command_name}"))?;
        let command = match command_name.as_str() {
            "move" => {
                let text = self.string("a direction in quotes (\"up\", \"down\", \"left\" or \"right\")")?;
                let dir = Dir::parse(&text.0).ok_or_else(|| {
                    CodeError::new(
                        text.1,
                        format!("expected a direction \"up\", \"down\", \"left\" or \"right\", found \"{}\"", text.0),
                    )
                })?;
                Command::Move(dir)
            }
            "rotate" => {
                let text = self.string("a turn in quotes (\"left\" or \"right\")")?;
                let turn = match text.0.as_str() {
                    "left" => Turn::Left,
                    "right" => Turn::Right,
                    other => {
                        return Err(CodeError::new(
                            text.1,
                            format!("expected a turn \"left\" or \"right\", found \"{other}\""),
                        ));
                    }
                };
                Command::Rotate(turn)
            }
            "open" => Command::Open,
            "stop" => Command::Stop,
            other => {
                return Err(CodeError::new(
                    command_pos,
                    format!("unknown command '{other}': expected move, rotate, open or stop"),
                ));
            }
        };
        let nothing = matches!(command, Command::Open | Command::Stop);
        if nothing && *self.peek() != Tok::RParen {
            return Err(
                self.error_here(format!("{command_name}() takes nothing between the brackets, found {}", self.found()))
            );
        }
        self.expect_after(Tok::RParen, "')' to close the command")?;
        self.expect_after(Tok::Semi, "';' after the command")?;
        Ok(Stmt::Call { object, command, pos, command_pos })
    }

    fn string(&mut self, what: &str) -> Result<(String, Pos), CodeError> {
        match self.peek().clone() {
            Tok::Str(s) => Ok((s, self.next().pos)),
            _ => Err(self.error_here(format!("expected {what}, found {}", self.found()))),
        }
    }

    fn for_loop(&mut self, depth: usize, pos: Pos) -> Result<Stmt, CodeError> {
        self.next();
        self.expect(Tok::LParen, "'(' after 'for'")?;
        let (var, _) = self.name("the loop's variable (like i)")?;
        self.expect(Tok::Assign, "'=' after the loop's variable")?;
        let start = self.int("a number to start from")?;
        self.expect_after(Tok::Semi, "';' after the start value")?;
        self.same_var(&var)?;
        self.expect(Tok::Less, "'<' (the loop runs while the variable is less than its bound)")?;
        let bound = match self.peek().clone() {
            Tok::Int(n) => {
                self.next();
                Bound::Int(n)
            }
            Tok::Name(n) => {
                let p = self.next().pos;
                Bound::Var(n, p)
            }
            _ => {
                return Err(
                    self.error_here(format!("expected a number or a variable after '<', found {}", self.found()))
                );
            }
        };
        self.expect_after(Tok::Semi, "';' after the bound")?;
        self.same_var(&var)?;
        self.expect(Tok::PlusPlus, "'++' after the loop's variable")?;
        self.expect_after(Tok::RParen, "')' to close the loop's header")?;
        let body = self.block(depth, "the loop's body")?;
        Ok(Stmt::For { var, start, bound, body, pos })
    }

    fn cond(&mut self) -> Result<Cond, CodeError> {
        let (object, pos) = self.name("an object's name (like gate1)")?;
        self.expect(Tok::Dot, "'.' and an attribute (isMoving or position)")?;
        let (attr, attr_pos) = match self.peek().clone() {
            Tok::Name(n) => (n, self.next().pos),
            _ => {
                return Err(
                    self.error_here(format!("expected an attribute isMoving or position, found {}", self.found()))
                );
            }
        };
        let equal = match self.peek() {
            Tok::EqEq => true,
            Tok::NotEq => false,
            Tok::Assign => return Err(self.error_here("expected '==' or '!=' ('=' gives a value; '==' compares)")),
            _ => return Err(self.error_here(format!("expected '==' or '!=', found {}", self.found()))),
        };
        self.next();
        let attr = match attr.as_str() {
            "isMoving" => match self.peek() {
                Tok::True => Attr::IsMoving(true),
                Tok::False => Attr::IsMoving(false),
                _ => return Err(self.error_here(format!("expected true or false, found {}", self.found()))),
            },
            "position" => {
                let (text, at) =
                    self.string("a position in quotes (\"start\", \"up\", \"down\", \"left\" or \"right\")")?;
                let rel = RelPos::parse(&text).ok_or_else(|| {
                    CodeError::new(
                        at,
                        format!(
                            "expected a position \"start\", \"up\", \"down\", \"left\" or \"right\", found \"{text}\""
                        ),
                    )
                })?;
                return Ok(Cond { object, attr: Attr::Position(rel), equal, pos });
            }
            other => {
                return Err(CodeError::new(
                    attr_pos,
                    format!("unknown attribute '{other}': expected isMoving or position"),
                ));
            }
        };
        self.next();
        Ok(Cond { object, attr, equal, pos })
    }

    fn block(&mut self, depth: usize, what: &str) -> Result<Vec<Stmt>, CodeError> {
        let open = self.here();
        self.expect(Tok::LBrace, &format!("'{{' to start {what}"))?;
        if depth + 1 > MAX_DEPTH {
            return Err(CodeError::new(open, format!("the blocks are nested more than {MAX_DEPTH} deep")));
        }
        let mut stmts = Vec::new();
        loop {
            match self.peek() {
                Tok::RBrace => {
                    self.next();
                    return Ok(stmts);
                }
                Tok::Eof => {
                    return Err(self.error_here(format!(
                        "expected '}}' to close the '{{' opened at {open}, found the end of the program"
                    )));
                }
                _ => stmts.push(self.stmt(depth + 1)?),
            }
        }
    }
}
