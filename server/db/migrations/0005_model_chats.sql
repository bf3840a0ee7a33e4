CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_type" integer NOT NULL,
	"title" text NOT NULL,
	"chapter_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_model_type_check" CHECK ("activities"."model_type" between 1 and 4),
	CONSTRAINT "activities_title_check" CHECK (char_length("activities"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "activity_participants" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'attendee' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_participants_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id"),
	CONSTRAINT "activity_participants_role_check" CHECK ("activity_participants"."role" in ('organizer', 'attendee'))
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "activity_id" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_type_idx" ON "activities" USING btree ("model_type","starts_at");--> statement-breakpoint
CREATE INDEX "activity_participants_user_idx" ON "activity_participants" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_activity_key" ON "conversations" USING btree ("activity_id") WHERE "conversations"."kind" = 'model';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_model_check" CHECK (("conversations"."kind" = 'model') = ("conversations"."activity_id" is not null));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('direct', 'group', 'model'));