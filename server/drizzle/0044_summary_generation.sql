CREATE TABLE "summary_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "summary_generation" ("id", "generation") VALUES (1, 0) ON CONFLICT DO NOTHING;
