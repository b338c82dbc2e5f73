-- Uploaded history files waiting for, or under, their import job (issue 61, "shared across instances"): the
-- request's instance keeps the files here and queues a job any instance may run; the job writes each file's
-- outcome, which the request answers, and the rows go once answered (or with their trader).
CREATE TABLE history_import_uploads (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  index_name text,
  created_at timestamptz NOT NULL,
  outcomes jsonb,
  finished_at timestamptz
);

CREATE TABLE history_import_upload_files (
  upload_id bigint NOT NULL REFERENCES history_import_uploads (id) ON DELETE CASCADE,
  position integer NOT NULL,
  file_name text NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (upload_id, position)
);
