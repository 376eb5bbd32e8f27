CREATE TABLE "product_colors" (
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	CONSTRAINT "product_colors_product_id_color_id_store_id_pk" PRIMARY KEY("product_id","color_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "product_origins" (
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"origin_id" integer NOT NULL,
	CONSTRAINT "product_origins_product_id_origin_id_store_id_pk" PRIMARY KEY("product_id","origin_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "product_colors" ADD CONSTRAINT "product_colors_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_colors" ADD CONSTRAINT "product_colors_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_colors" ADD CONSTRAINT "product_colors_value_fk" FOREIGN KEY ("store_id","color_id") REFERENCES "public"."colors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_origins" ADD CONSTRAINT "product_origins_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_origins" ADD CONSTRAINT "product_origins_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_origins" ADD CONSTRAINT "product_origins_value_fk" FOREIGN KEY ("store_id","origin_id") REFERENCES "public"."origins"("store_id","id") ON DELETE cascade ON UPDATE no action;