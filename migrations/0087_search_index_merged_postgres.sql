-- PostgreSQL only (db.rs runs a migration whose name ends in `postgres` on PostgreSQL alone):
-- the full-text GIN indexes of 0062 without their pending list. With `fastupdate` on
-- (PostgreSQL's default) a write adds its keys to an unsorted pending list that every search
-- then reads whole until a vacuum merges it (up to `gin_pending_list_limit`, 4 MB): after the
-- start-up's rebuild of the keys of 110,000 rows a rare word read some 110 pages of the index
-- instead of a few, so it cost about what a common query costs. Off, each write merges its
-- row's keys into the index at once (a dozen keys a product), and a word reads its own entries
-- only (docs/search.md, "A rare word on PostgreSQL").
ALTER INDEX products_busca SET (fastupdate = off);
ALTER INDEX ads_busca SET (fastupdate = off);
SELECT gin_clean_pending_list('products_busca'::regclass);
SELECT gin_clean_pending_list('ads_busca'::regclass);
