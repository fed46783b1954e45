CREATE TABLE "agency_partner_keys" (
	"agency_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"key_encrypted" text NOT NULL,
	"key_last4" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"check_message" text NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_partner_keys_agency_id_provider_pk" PRIMARY KEY("agency_id","provider")
);
--> statement-breakpoint
ALTER TABLE "agency_partner_keys" ADD CONSTRAINT "agency_partner_keys_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_partner_keys" ADD CONSTRAINT "agency_partner_keys_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;