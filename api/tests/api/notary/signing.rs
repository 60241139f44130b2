//! Our signed format-2 transactions checked by the npm `arweave` client
//! (devservices/scripts/arweave-verify.mjs).

use super::{DEVSERVICES, random_bytes};
use feira_api::arweave::{ChunkedFile, Tag, Transaction, Wallet};
use serde_json::Value;
use std::process::Stdio;

#[tokio::test]
async fn our_signed_transactions_verify_with_the_npm_client() {
    let wallet = Wallet::generate(2048).unwrap();
    // Three chunks with the last two balanced.
    let data = random_bytes(2 * 256 * 1024 + 1000);
    let file = ChunkedFile::from_bytes(&data);
    let mut tx = Transaction::data(
        &wallet,
        &file,
        &feira_api::arweave::b64(&[7u8; 48]),
        "12345",
        vec![
            Tag::new("Content-Type", "application/pdf"),
            Tag::new("File-Name", "laudo.pdf"),
        ],
    );
    tx.sign(&wallet).unwrap();
    let path = std::env::temp_dir().join(format!("feira-verify-{}", feira_api::db::new_id()));
    std::fs::write(&path, &data).unwrap();
    let check = |tx: &Transaction| {
        let mut child = std::process::Command::new("node")
            .arg(format!("{DEVSERVICES}/scripts/arweave-verify.mjs"))
            .arg("--data")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(serde_json::to_string(tx).unwrap().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let out = check(&tx);
    assert_eq!(out["valid"], true, "{out}");
    assert_eq!(out["id"], tx.id.as_str());
    assert_eq!(
        out["data_root"],
        tx.data_root.as_str(),
        "data_root differs from the npm client's"
    );
    let mut tampered = tx.clone();
    tampered.reward = "12346".into();
    assert_eq!(check(&tampered)["valid"], false);
    let _ = std::fs::remove_file(path);
}
