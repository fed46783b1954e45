CREATE TABLE "report_group_dismissals" (
	"agency_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"group" "insight_group" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_group_dismissals_user_id_report_id_group_pk" PRIMARY KEY("user_id","report_id","group")
);
--> statement-breakpoint
ALTER TABLE "report_group_dismissals" ADD CONSTRAINT "report_group_dismissals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_group_dismissals" ADD CONSTRAINT "report_group_dismissals_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_group_dismissals" ADD CONSTRAINT "report_group_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_group_dismissals_report_idx" ON "report_group_dismissals" USING btree ("report_id");