//! A file's chunk tree, as Arweave builds it (the npm client's `merkle.ts`): the data is cut in
//! 256 KiB chunks, except that when the rest after a full chunk would be shorter than 32 KiB the
//! last two are balanced (the first takes half, rounded up); each leaf is
//! `H(H(chunk_hash) ‖ H(end_offset))`, each branch `H(H(left) ‖ H(right) ‖ H(left_end))`, an odd
//! node is promoted; `data_root` is the root's id and every chunk carries its path (proof).
//! Offsets are 32-byte big-endian notes. When the size is a multiple of 256 KiB the tree has an
//! empty last leaf that is not uploaded (as in the npm client).
//!
//! [`ChunkedFile::from_reader`] reads the data once, a chunk at a time: only the hashes stay in
//! memory (a 100 MB file has 400 chunks).

use sha2::{Digest, Sha256};
use std::io::Read;

/// Largest chunk.
pub const MAX_CHUNK: u64 = 256 * 1024;
/// Smallest last chunk before balancing.
pub const MIN_CHUNK: u64 = 32 * 1024;

/// Byte ranges `[start, end)` of the chunks of `size` bytes, including the empty last one the
/// tree has when `size` is a multiple of [`MAX_CHUNK`] (or zero).
pub fn chunk_ranges(size: u64) -> Vec<(u64, u64)> {
    let mut ranges = Vec::with_capacity(usize::try_from(size / MAX_CHUNK + 1).unwrap_or(1));
    let mut cursor = 0;
    let mut rest = size;
    while rest >= MAX_CHUNK {
        let mut len = MAX_CHUNK;
        let next = rest - MAX_CHUNK;
        if next > 0 && next < MIN_CHUNK {
            len = rest.div_ceil(2);
        }
        ranges.push((cursor, cursor + len));
        cursor += len;
        rest -= len;
    }
    ranges.push((cursor, cursor + rest));
    ranges
}

/// One chunk to upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// Its byte range `[start, end)` in the file.
    pub start: u64,
    pub end: u64,
    /// Its Merkle path from the root (the `data_path` of `POST /chunk`).
    pub data_path: Vec<u8>,
}

impl Chunk {
    /// The `offset` of `POST /chunk`: its last byte.
    pub fn offset(&self) -> u64 {
        self.end.saturating_sub(1)
    }
}

/// The tree of a file: its root and its chunks with their proofs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkedFile {
    pub size: u64,
    pub data_root: [u8; 32],
    pub chunks: Vec<Chunk>,
}

enum Node {
    Leaf {
        id: [u8; 32],
        data_hash: [u8; 32],
        end: u64,
    },
    Branch {
        id: [u8; 32],
        split: u64,
        end: u64,
        left: Box<Node>,
        right: Box<Node>,
    },
}

impl Node {
    fn id(&self) -> [u8; 32] {
        match self {
            Self::Leaf { id, .. } | Self::Branch { id, .. } => *id,
        }
    }

    fn end(&self) -> u64 {
        match self {
            Self::Leaf { end, .. } | Self::Branch { end, .. } => *end,
        }
    }
}

/// A 32-byte big-endian note.
fn note(n: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[24..].copy_from_slice(&n.to_be_bytes());
    out
}

fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

fn proofs(node: &Node, prefix: &[u8], out: &mut Vec<Vec<u8>>) {
    match node {
        Node::Leaf { data_hash, end, .. } => {
            out.push([prefix, data_hash, &note(*end)].concat());
        }
        Node::Branch {
            split, left, right, ..
        } => {
            let path = [prefix, &left.id(), &right.id(), &note(*split)].concat();
            proofs(left, &path, out);
            proofs(right, &path, out);
        }
    }
}

impl ChunkedFile {
    /// The tree of chunks whose SHA-256 are `hashes`, over `ranges` (from [`chunk_ranges`]).
    pub fn from_hashes(size: u64, ranges: &[(u64, u64)], hashes: &[[u8; 32]]) -> Self {
        let mut layer: Vec<Node> = ranges
            .iter()
            .zip(hashes)
            .map(|(&(_, end), hash)| Node::Leaf {
                id: sha(&[&sha(&[hash]), &sha(&[&note(end)])]),
                data_hash: *hash,
                end,
            })
            .collect();
        while layer.len() > 1 {
            let mut next = Vec::with_capacity(layer.len().div_ceil(2));
            let mut nodes = layer.into_iter();
            while let Some(left) = nodes.next() {
                match nodes.next() {
                    None => next.push(left),
                    Some(right) => next.push(Node::Branch {
                        id: sha(&[
                            &sha(&[&left.id()]),
                            &sha(&[&right.id()]),
                            &sha(&[&note(left.end())]),
                        ]),
                        split: left.end(),
                        end: right.end(),
                        left: Box::new(left),
                        right: Box::new(right),
                    }),
                }
            }
            layer = next;
        }
        let root = layer.pop().expect("at least one chunk range");
        let mut paths = Vec::with_capacity(ranges.len());
        proofs(&root, &[], &mut paths);
        let chunks = ranges
            .iter()
            .zip(paths)
            .filter(|((start, end), _)| end > start)
            .map(|(&(start, end), data_path)| Chunk {
                start,
                end,
                data_path,
            })
            .collect();
        Self {
            size,
            data_root: root.id(),
            chunks,
        }
    }

    /// Reads exactly `size` bytes from `reader`, a chunk at a time, and builds the tree.
    pub fn from_reader(mut reader: impl Read, size: u64) -> std::io::Result<Self> {
        let ranges = chunk_ranges(size);
        let mut buf = vec![0u8; usize::try_from(MAX_CHUNK).unwrap_or(262_144)];
        let mut hashes = Vec::with_capacity(ranges.len());
        for &(start, end) in &ranges {
            let len = usize::try_from(end - start).unwrap_or(0);
            reader.read_exact(&mut buf[..len])?;
            hashes.push(Sha256::digest(&buf[..len]).into());
        }
        Ok(Self::from_hashes(size, &ranges, &hashes))
    }

    /// The tree of data in memory (small payloads and tests).
    pub fn from_bytes(data: &[u8]) -> Self {
        Self::from_reader(data, data.len() as u64).expect("reading from memory")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_256_kib_with_the_last_two_balanced() {
        assert_eq!(chunk_ranges(10), vec![(0, 10)]);
        assert_eq!(
            chunk_ranges(MAX_CHUNK),
            vec![(0, MAX_CHUNK), (MAX_CHUNK, MAX_CHUNK)]
        );
        let size = MAX_CHUNK + 1000; // the rest would be 1000 bytes: balanced
        let r = chunk_ranges(size);
        assert_eq!(r, vec![(0, size.div_ceil(2)), (size.div_ceil(2), size)]);
        let size = 2 * MAX_CHUNK + MIN_CHUNK; // rest exactly 32 KiB: not balanced
        assert_eq!(chunk_ranges(size).len(), 3);
        assert_eq!(chunk_ranges(size)[2], (2 * MAX_CHUNK, size));
    }

    #[test]
    fn one_chunk_is_its_own_root_and_paths_cover_every_chunk() {
        let f = ChunkedFile::from_bytes(b"abc");
        let h: [u8; 32] = Sha256::digest(b"abc").into();
        assert_eq!(f.data_root, sha(&[&sha(&[&h]), &sha(&[&note(3)])]));
        assert_eq!(f.chunks[0].data_path, [&h[..], &note(3)].concat());
        let data = vec![7u8; usize::try_from(3 * MAX_CHUNK).unwrap()];
        let f = ChunkedFile::from_bytes(&data);
        // Three full chunks plus the empty leaf, which is not uploaded.
        assert_eq!(f.chunks.len(), 3);
        assert_eq!(f.chunks[2].offset(), 3 * MAX_CHUNK - 1);
        // Depth 2 for every chunk: two branches (96 bytes each) and the leaf (64).
        assert!(f.chunks.iter().all(|c| c.data_path.len() == 96 * 2 + 64));
    }
}
