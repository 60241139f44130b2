//! Standard base64 (RFC 4648 alphabet, `=` padding, no line breaks and no `data:` prefix), the
//! form the RPC expects for photos.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes `bytes` as standard padded base64.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let sym = |v: u32, shift: u32| char::from(ALPHABET[((v >> shift) & 63) as usize]);
    let mut chunks = bytes.chunks_exact(3);
    for c in &mut chunks {
        let v = (u32::from(c[0]) << 16) | (u32::from(c[1]) << 8) | u32::from(c[2]);
        out.extend([sym(v, 18), sym(v, 12), sym(v, 6), sym(v, 0)]);
    }
    match *chunks.remainder() {
        [a] => {
            let v = u32::from(a) << 16;
            out.extend([sym(v, 18), sym(v, 12), '=', '=']);
        }
        [a, b] => {
            let v = (u32::from(a) << 16) | (u32::from(b) << 8);
            out.extend([sym(v, 18), sym(v, 12), sym(v, 6), '=']);
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::encode;

    #[test]
    fn rfc4648_vectors() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(encode(input.as_bytes()), expected, "{input:?}");
        }
    }

    #[test]
    fn high_bytes_use_plus_and_slash() {
        assert_eq!(encode(&[0xFF, 0xD8, 0xFF, 0xFB, 0xEF, 0xBE]), "/9j/++++");
    }
}
