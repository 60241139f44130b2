// npm `sqlite3`'s API as knex's sqlite3 dialect uses it (new Database(file, flags, cb), run, all,
// close, the OPEN_* flags), over sql.js: SQLite compiled to WebAssembly, prebuilt inside its npm
// package. devservices/package.json puts this in place of `sqlite3` (an npm override) under
// arlocal, whose native `sqlite3` otherwise compiles SQLite from source at every `npm ci` (its
// prebuilt binary is downloaded from a host these machines cannot reach).
//
// Every database is in memory: arlocal keeps its data in a temporary directory removed at exit.
// Calls run one at a time in the order made, like sqlite3's on one connection.
'use strict';

const initSqlJs = require('sql.js');

let engine;
const sqljs = () => (engine ??= initSqlJs());

/** sqlite3's binding rules: booleans as 1/0, undefined as NULL, dates as milliseconds. */
function bindable(value) {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value;
}

function params(args) {
  // (sql, [params], cb), (sql, cb), or (sql, ...params, cb).
  const cb = typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
  let bound = args.length === 1 && (Array.isArray(args[0]) || (args[0] && typeof args[0] === 'object' && !Buffer.isBuffer(args[0])))
    ? args[0]
    : args;
  if (Array.isArray(bound)) bound = bound.map(bindable);
  else if (bound) bound = Object.fromEntries(Object.entries(bound).map(([k, v]) => [k, bindable(v)]));
  return { bound, cb };
}

/** A row as sqlite3 gives it: BLOBs as Buffers. */
function row(obj) {
  for (const [k, v] of Object.entries(obj)) {
    if (v instanceof Uint8Array) obj[k] = Buffer.from(v);
  }
  return obj;
}

class Database {
  constructor(filename, mode, cb) {
    if (typeof mode === 'function') cb = mode;
    this.queue = sqljs().then((SQL) => {
      this.db = new SQL.Database();
    });
    this.queue.then(() => cb && cb.call(this, null), (err) => cb && cb.call(this, err));
  }

  /** Runs `work(db)` after every earlier call; `done(err, result, context)`. */
  enqueue(work, done) {
    this.queue = this.queue.then(() => {
      let result;
      let context;
      try {
        [result, context] = work(this.db);
      } catch (err) {
        if (done) done.call({}, err);
        return;
      }
      if (done) done.call(context ?? {}, null, result);
    });
    return this;
  }

  statement(sql, bound, each) {
    const stmt = this.db.prepare(sql);
    try {
      if (bound && (Array.isArray(bound) ? bound.length : Object.keys(bound).length)) stmt.bind(bound);
      while (stmt.step()) each(row(stmt.getAsObject()));
    } finally {
      stmt.free();
    }
  }

  run(sql, ...args) {
    const { bound, cb } = params(args);
    return this.enqueue((db) => {
      this.statement(sql, bound, () => {});
      const changes = db.getRowsModified();
      const last = db.exec('SELECT last_insert_rowid()');
      const lastID = last[0]?.values[0]?.[0] ?? 0;
      return [undefined, { lastID, changes, sql }];
    }, cb);
  }

  all(sql, ...args) {
    const { bound, cb } = params(args);
    return this.enqueue(() => {
      const rows = [];
      this.statement(sql, bound, (r) => rows.push(r));
      return [rows, {}];
    }, cb);
  }

  get(sql, ...args) {
    const { bound, cb } = params(args);
    return this.enqueue(() => {
      let first;
      this.statement(sql, bound, (r) => { first ??= r; });
      return [first, {}];
    }, cb);
  }

  exec(sql, cb) {
    return this.enqueue((db) => {
      db.exec(sql);
      return [undefined, {}];
    }, cb);
  }

  serialize(fn) {
    if (fn) fn();
    return this;
  }

  close(cb) {
    return this.enqueue((db) => {
      db.close();
      return [undefined, {}];
    }, cb);
  }

  configure() {}
}

module.exports = {
  Database,
  OPEN_READONLY: 0x00000001,
  OPEN_READWRITE: 0x00000002,
  OPEN_CREATE: 0x00000004,
  OPEN_FULLMUTEX: 0x00010000,
  OPEN_URI: 0x00000040,
  OPEN_SHAREDCACHE: 0x00020000,
  OPEN_PRIVATECACHE: 0x00040000,
  verbose() {
    return module.exports;
  },
};
