-- The schema of a new arbitro SQLite database at revision 0009, with its alembic_version
-- stamp: run by arbitro.store.migrate.create_sqlite in one BEGIN IMMEDIATE transaction.
-- Generated from the Alembic migrations by tools/sqlite_schema.py: do not edit, regenerate.
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
CREATE TABLE events (
	id VARCHAR(100) NOT NULL, 
	name TEXT NOT NULL, 
	created_at DATETIME NOT NULL, kind VARCHAR(20) DEFAULT 'rounds' NOT NULL CONSTRAINT ck_events_kind CHECK (kind IN ('rounds', 'knockout')), 
	PRIMARY KEY (id)
);
CREATE TABLE records (
	id INTEGER NOT NULL, 
	event_id VARCHAR(100) NOT NULL, 
	seq INTEGER NOT NULL, 
	kind VARCHAR(100) NOT NULL, 
	payload JSON NOT NULL, 
	actor TEXT NOT NULL, 
	reason TEXT, 
	recorded_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_records_event_id_seq UNIQUE (event_id, seq), 
	CONSTRAINT fk_records_event_id_events FOREIGN KEY(event_id) REFERENCES events (id)
);
CREATE INDEX ix_records_event_id_kind ON records (event_id, kind);
CREATE TRIGGER records_refuse_update BEFORE UPDATE ON records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: UPDATE refused'); END;
CREATE TRIGGER records_refuse_delete BEFORE DELETE ON records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: DELETE refused'); END;
CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'arbitro: events are never deleted: DELETE refused'); END;
CREATE TABLE users (
	name VARCHAR(100) NOT NULL, 
	password_hash TEXT NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (name)
);
CREATE TABLE settings (
	"key" VARCHAR(100) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
CREATE TABLE sessions (
	id_hash VARCHAR(64) NOT NULL, 
	user_name VARCHAR(100) NOT NULL, 
	nonce VARCHAR(100) NOT NULL, 
	issued_at DATETIME NOT NULL, 
	revoked_at DATETIME, 
	PRIMARY KEY (id_hash)
);
CREATE INDEX ix_sessions_user_name ON sessions (user_name);
CREATE TABLE idempotency_keys (
	scope VARCHAR(200) NOT NULL, 
	"key" VARCHAR(200) NOT NULL, 
	status INTEGER NOT NULL, 
	location TEXT, 
	media_type VARCHAR(100), 
	body TEXT, 
	created_at DATETIME NOT NULL, holder VARCHAR(200), 
	PRIMARY KEY (scope, "key")
);
CREATE TABLE players (
	id INTEGER NOT NULL, 
	name VARCHAR(200) NOT NULL, 
	card VARCHAR(30), 
	club VARCHAR(200), 
	category VARCHAR(200), 
	contact VARCHAR(200), 
	search_key TEXT NOT NULL, 
	created_at DATETIME NOT NULL, sex VARCHAR(1), birth_year INTEGER, first_season INTEGER, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_players_card UNIQUE (card)
);
CREATE TABLE player_entries (
	player_id INTEGER NOT NULL, 
	event_id VARCHAR(100) NOT NULL, 
	competitor INTEGER NOT NULL, 
	linked_at DATETIME NOT NULL, 
	PRIMARY KEY (player_id, event_id, competitor), 
	FOREIGN KEY(event_id) REFERENCES events (id)
);
CREATE INDEX ix_player_entries_event_id ON player_entries (event_id);
CREATE TABLE player_audit (
	id INTEGER NOT NULL, 
	at DATETIME NOT NULL, 
	actor TEXT NOT NULL, 
	action VARCHAR(30) NOT NULL, 
	player_id INTEGER, 
	reason TEXT, 
	detail TEXT, 
	PRIMARY KEY (id)
);
CREATE TABLE series (
	id VARCHAR(100) NOT NULL, 
	name TEXT NOT NULL, 
	scheme JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE series_events (
	series_id VARCHAR(100) NOT NULL, 
	event_id VARCHAR(100) NOT NULL, 
	position INTEGER NOT NULL, 
	PRIMARY KEY (series_id, event_id), 
	CONSTRAINT uq_series_events_position UNIQUE (series_id, position), 
	FOREIGN KEY(series_id) REFERENCES series (id), 
	FOREIGN KEY(event_id) REFERENCES events (id)
);
CREATE TABLE table_records (
	id INTEGER NOT NULL, 
	event_id VARCHAR(100) NOT NULL, 
	round INTEGER NOT NULL, 
	table_no INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	event_seq INTEGER NOT NULL, 
	kind VARCHAR(100) NOT NULL, 
	payload JSON NOT NULL, 
	actor TEXT NOT NULL, 
	reason TEXT, 
	recorded_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_table_records_table_seq UNIQUE (event_id, round, table_no, seq), 
	CONSTRAINT fk_table_records_event_id_events FOREIGN KEY(event_id) REFERENCES events (id)
);
CREATE TRIGGER table_records_refuse_update BEFORE UPDATE ON table_records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: UPDATE refused'); END;
CREATE TRIGGER table_records_refuse_delete BEFORE DELETE ON table_records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: DELETE refused'); END;
INSERT INTO "alembic_version" ("version_num") VALUES ('0009');
