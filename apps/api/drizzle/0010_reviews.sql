CREATE TABLE "review_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"resume_id" bigint NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"message" text,
	"candidate_first_name" text,
	"candidate_last_name" text,
	"candidate_position" text,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_ip" text,
	"decline_reason" text,
	"resent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "review_requests_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "review_requests_requester_idx" ON "review_requests" USING btree ("requester_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_pending_key" ON "review_requests" USING btree ("requester_id","resume_id",lower("email")) WHERE status = 'pending';
--> statement-breakpoint
CREATE TABLE "review_opinions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resume_id" bigint NOT NULL,
	"source" text NOT NULL,
	"author_id" integer,
	"request_id" text,
	"verdict" text NOT NULL,
	"text" text NOT NULL,
	"relation" text NOT NULL,
	"company" text,
	"period_from" text,
	"period_to" text,
	"external_name" text,
	"external_company" text,
	"external_position" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_opinions_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "review_opinions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "review_opinions_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_opinions_author_key" ON "review_opinions" USING btree ("resume_id","author_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "review_opinions_request_key" ON "review_opinions" USING btree ("request_id");
--> statement-breakpoint
CREATE INDEX "review_opinions_resume_idx" ON "review_opinions" USING btree ("resume_id","id");
--> statement-breakpoint
CREATE INDEX "review_opinions_author_idx" ON "review_opinions" USING btree ("author_id","id");
