// SPDX-License-Identifier: GPL-2.0
/*
 * recordmcount: give a relocatable object the table of its profiling calls.
 *
 * Built with -pg -mfentry, every traceable function begins with a call of
 * __fentry__ (plain -pg calls mcount instead, after the prologue).  Dynamic
 * ftrace wants the address of every such call so that it can turn them into
 * nops at boot and back into calls on demand.  This tool finds the calls in
 * one object through the relocations they carry, and appends to the object
 * a section __mcount_loc with one address-sized entry a call, each entry
 * relocated against a symbol of the call's own section so that the linker
 * fills in the final address.
 *
 *	recordmcount [-w] FILE.o...
 *
 * is how kbuild runs it, right after compiling a C file.  -w reports the
 * executable sections whose calls are not recorded, and references to the
 * profiling functions that are not calls.
 *
 * Which calls are recorded: those in sections named .text or .text<suffix>,
 * and in the kernel's special text sections in traced_sections[] below.
 * Other executable sections (.exit.text, .noinstr.text, .entry.text,
 * .head.text and such) hold code that is discarded at link time, runs
 * before ftrace could patch it, or must never be traced; their calls are
 * not recorded but rewritten into 5-byte nops here, with their relocations
 * turned into R_*_NONE, so that nothing calls the hook from there.
 *
 * A call is recognised by what it is, not by the symbol alone: a rel32
 * call (opcode 0xe8) whose displacement has a PC-relative relocation
 * (PLT32 or PC32, addend -4) against __fentry__ or mcount.  Anything else
 * that names those symbols (taking the address, say) is left alone.
 *
 * The symbol an entry is relocated against, in order of preference: the
 * section's own STT_SECTION symbol; a local function symbol of the
 * section; another local symbol of it; a global one.  Never a weak symbol:
 * another object may override it, and the linker would then resolve the
 * entry against the overriding definition, pointing it into a different
 * function or section.  When a section offers nothing but weak symbols (a
 * file of __weak defaults, assembled without unused section symbols) the
 * tool adds a section symbol for it to the symbol table.
 *
 * Objects that already have a __mcount_loc section (the compiler's
 * -mrecord-mcount made one, or the tool ran before) are left alone: the
 * table is there, and a second one would list every call twice.  An
 * object with no calls to record is left untouched as well.
 *
 * The result is written to a temporary file beside the object and renamed
 * over it: the object is never half-written, and a hard link to it (a
 * compiler cache may keep one) is never changed behind its owner's back.
 *
 * x86-64 objects get 8-byte entries with RELA relocations (R_X86_64_64),
 * i386 objects 4-byte entries with REL relocations (R_386_32, the offset
 * stored in the entry); x32 and every other machine are refused.
 *
 * The exit status is 0 when every file was handled, 1 when one was not
 * (each failure is named on stderr, and the others are still processed)
 * and 2 on a usage error.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define LOC_SECTION	"__mcount_loc"
#define CALL_OPCODE	0xe8
#define CALL_LEN	5

/* What one machine's objects need. */
struct machine {
	const char *name;
	unsigned char elfclass;
	GElf_Half e_machine;
	unsigned int call_type[2];	/* what relocates a call's rel32 */
	unsigned int addr_type;		/* an absolute address of the class */
	unsigned int none_type;
	bool rela;			/* the table's relocations have addends */
	unsigned char nop[CALL_LEN];	/* the kernel's preferred 5-byte nop */
};

static const struct machine machines[] = {
	{
		.name = "x86-64",
		.elfclass = ELFCLASS64,
		.e_machine = EM_X86_64,
		.call_type = { R_X86_64_PLT32, R_X86_64_PC32 },
		.addr_type = R_X86_64_64,
		.none_type = R_X86_64_NONE,
		.rela = true,
		.nop = { 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	},
	{
		.name = "i386",
		.elfclass = ELFCLASS32,
		.e_machine = EM_386,
		.call_type = { R_386_PLT32, R_386_PC32 },
		.addr_type = R_386_32,
		.none_type = R_386_NONE,
		.rela = false,
		.nop = { 0x3e, 0x8d, 0x74, 0x26, 0x00 },
	},
};

/* Special text sections whose calls are recorded, besides .text*. */
static const char *const traced_sections[] = {
	".init.text", ".ref.text", ".sched.text", ".spinlock.text",
	".irqentry.text", ".softirqentry.text", ".kprobes.text",
	".cpuidle.text",
};

/* How good a symbol is as the base of a section's entries; lower is better. */
enum base_rank {
	BASE_SECTION,
	BASE_LOCAL_FUNC,
	BASE_LOCAL,
	BASE_GLOBAL,
	BASE_NONE,
};

/* One profiling call: the section it is in and the offset it starts at. */
struct site {
	size_t scn;
	GElf_Addr off;
};

/* One call to turn into a nop, and the relocation that goes with it. */
struct nop_site {
	size_t relscn;
	size_t rel;
	size_t scn;
	GElf_Addr off;
};

/* What is known of one section. */
struct section {
	bool recorded;		/* has calls that go into the table */
	bool owned;		/* its output data is a private copy */
	enum base_rank rank;
	size_t base;		/* the symbol the entries are relocated against */
	GElf_Addr base_value;
};

struct object {
	const char *path;
	mode_t mode;
	int fd;
	Elf *elf;
	const struct machine *mach;
	size_t shnum;
	size_t shstrndx;
	size_t symtab;		/* section index of the symbol table, or 0 */
	size_t shndx;		/* its SHT_SYMTAB_SHNDX section, or 0 */
	size_t strtab;
	size_t nsyms;
	size_t first_global;
	Elf_Data *syms;
	Elf_Data *shndx_data;
	bool *hook;		/* symbol index -> names __fentry__ or mcount */
	struct section *secs;
	struct site *sites;
	size_t nsites;
	size_t sites_max;
	struct nop_site *nops;
	size_t nnops;
	size_t nops_max;
	size_t new_syms;	/* section symbols to add */
	void **bufs;		/* buffers handed to the output Elf */
	size_t nbufs;
	size_t bufs_max;
};

static bool warn;

static int fail(const struct object *obj, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "recordmcount: %s: ", obj->path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

static int elf_fail(const struct object *obj, const char *what)
{
	return fail(obj, "%s: %s", what, elf_errmsg(-1));
}

/* Read relocation @i of @d as a RELA; a REL's addend reads as 0. */
static bool get_reloc(Elf_Data *d, bool rela, size_t i, GElf_Rela *r)
{
	GElf_Rel rel;

	if (rela)
		return gelf_getrela(d, i, r);
	if (!gelf_getrel(d, i, &rel))
		return false;
	r->r_offset = rel.r_offset;
	r->r_info = rel.r_info;
	r->r_addend = 0;
	return true;
}

static bool put_reloc(Elf_Data *d, bool rela, size_t i, GElf_Rela *r)
{
	GElf_Rel rel = { .r_offset = r->r_offset, .r_info = r->r_info };

	if (rela)
		return gelf_update_rela(d, i, r);
	return gelf_update_rel(d, i, &rel);
}

/* Make room for one more element of a growing array; false if out of memory. */
static bool grow(void **array, size_t *max, size_t used, size_t size)
{
	size_t n = *max ? 2 * *max : 64;
	void *p;

	if (used < *max)
		return true;
	p = realloc(*array, n * size);
	if (!p)
		return false;
	*array = p;
	*max = n;
	return true;
}

/* A buffer the output Elf points to: freed once the object is written. */
static void *keep(struct object *obj, size_t size)
{
	void *p;

	if (!grow((void **)&obj->bufs, &obj->bufs_max, obj->nbufs, sizeof(void *)))
		return NULL;
	p = calloc(1, size ? size : 1);
	if (p)
		obj->bufs[obj->nbufs++] = p;
	return p;
}

static bool is_traced_section(const char *name)
{
	size_t i;

	if (!strncmp(name, ".text", 5))
		return true;
	for (i = 0; i < ARRAY_SIZE(traced_sections); i++)
		if (!strcmp(name, traced_sections[i]))
			return true;
	return false;
}

static int check_header(struct object *obj)
{
	GElf_Ehdr eh;
	size_t i;
	int cls;

	if (elf_kind(obj->elf) != ELF_K_ELF)
		return fail(obj, "not an ELF object");
	if (!gelf_getehdr(obj->elf, &eh))
		return elf_fail(obj, "ELF header");
	if (eh.e_type != ET_REL)
		return fail(obj, "not a relocatable object (ELF type %u)", eh.e_type);
	if (eh.e_phnum)
		return fail(obj, "a relocatable object with program headers");
	cls = gelf_getclass(obj->elf);
	for (i = 0; i < ARRAY_SIZE(machines); i++)
		if (machines[i].e_machine == eh.e_machine && machines[i].elfclass == cls)
			obj->mach = &machines[i];
	if (!obj->mach) {
		if (eh.e_machine == EM_X86_64 && cls == ELFCLASS32)
			return fail(obj, "x32 objects are not supported");
		return fail(obj, "machine %u, class %d: only x86-64 and i386 objects are supported",
			    eh.e_machine, cls);
	}
	if (eh.e_ident[EI_DATA] != ELFDATA2LSB)
		return fail(obj, "a big-endian %s object", obj->mach->name);
	if (elf_getshdrnum(obj->elf, &obj->shnum) || elf_getshdrstrndx(obj->elf, &obj->shstrndx))
		return elf_fail(obj, "section headers");
	if (obj->shstrndx >= obj->shnum)
		return fail(obj, "no section name table");
	return 0;
}

static const char *section_name(const struct object *obj, const GElf_Shdr *sh)
{
	return elf_strptr(obj->elf, obj->shstrndx, sh->sh_name);
}

/*
 * Find the symbol table and the hook symbols.  Returns 1 when there is
 * nothing to do (no hook is named, or the table already exists).
 */
static int find_symbols(struct object *obj)
{
	bool any = false;
	GElf_Shdr sh;
	size_t i;

	for (i = 1; i < obj->shnum; i++) {
		Elf_Scn *scn = elf_getscn(obj->elf, i);
		const char *name;

		if (!scn || !gelf_getshdr(scn, &sh))
			return elf_fail(obj, "section header");
		name = section_name(obj, &sh);
		if (!name)
			return fail(obj, "section %zu has no name", i);
		if (!strcmp(name, LOC_SECTION)) {
			if (warn)
				fprintf(stderr, "recordmcount: %s: already has %s, left alone\n",
					obj->path, LOC_SECTION);
			return 1;
		}
		if (sh.sh_type == SHT_SYMTAB) {
			if (obj->symtab)
				return fail(obj, "two symbol tables");
			obj->symtab = i;
			obj->strtab = sh.sh_link;
			obj->first_global = sh.sh_info;
			if (sh.sh_entsize != gelf_fsize(obj->elf, ELF_T_SYM, 1, EV_CURRENT))
				return fail(obj, "symbol table entries of %llu bytes",
					    (unsigned long long)sh.sh_entsize);
			obj->syms = elf_getdata(scn, NULL);
			if (!obj->syms)
				return elf_fail(obj, "symbol table");
		} else if (sh.sh_type == SHT_SYMTAB_SHNDX) {
			if (obj->shndx)
				return fail(obj, "two extended section index tables");
			obj->shndx = i;
			obj->shndx_data = elf_getdata(scn, NULL);
			if (!obj->shndx_data)
				return elf_fail(obj, "extended section indexes");
		}
	}
	if (!obj->symtab)
		return 1;
	obj->nsyms = obj->syms->d_size / gelf_fsize(obj->elf, ELF_T_SYM, 1, EV_CURRENT);
	if (obj->syms->d_size % gelf_fsize(obj->elf, ELF_T_SYM, 1, EV_CURRENT) ||
	    obj->strtab >= obj->shnum || obj->first_global > obj->nsyms)
		return fail(obj, "malformed symbol table header");
	if (obj->shndx) {
		Elf_Scn *scn = elf_getscn(obj->elf, obj->shndx);

		if (!gelf_getshdr(scn, &sh) || sh.sh_link != obj->symtab ||
		    obj->shndx_data->d_size < obj->nsyms * sizeof(Elf32_Word))
			return fail(obj, "extended section indexes do not match the symbol table");
	}

	obj->hook = calloc(obj->nsyms ? obj->nsyms : 1, sizeof(*obj->hook));
	if (!obj->hook)
		return fail(obj, "out of memory");
	for (i = 1; i < obj->nsyms; i++) {
		const char *name;
		GElf_Sym sym;

		if (!gelf_getsym(obj->syms, i, &sym))
			return elf_fail(obj, "symbol");
		if (!sym.st_name)
			continue;
		name = elf_strptr(obj->elf, obj->strtab, sym.st_name);
		if (!name)
			return fail(obj, "symbol %zu has a bad name", i);
		if (!strcmp(name, "__fentry__") || !strcmp(name, "mcount")) {
			obj->hook[i] = true;
			any = true;
		}
	}
	return any ? 0 : 1;
}

/* Is the relocation at @off of @text the rel32 of a call instruction? */
static bool is_call(const struct object *obj, const Elf_Data *text, unsigned int type,
		    GElf_Addr off, GElf_Sxword addend, bool rela)
{
	const unsigned char *p;
	uint32_t disp;

	if (type != obj->mach->call_type[0] && type != obj->mach->call_type[1])
		return false;
	if (!text || !text->d_buf || off < 1 || off > text->d_size ||
	    text->d_size - off < 4)
		return false;
	p = (const unsigned char *)text->d_buf + off;
	if (p[-1] != CALL_OPCODE)
		return false;
	if (rela)
		return addend == -4;
	disp = p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
	return disp == 0xfffffffc;
}

/* Go through one relocation section of executable code. */
static int scan_relocs(struct object *obj, size_t relndx, Elf_Scn *relscn,
		       const GElf_Shdr *rsh)
{
	bool rela = rsh->sh_type == SHT_RELA;
	size_t scn = rsh->sh_info, i, n, odd = 0, nopped = 0;
	Elf_Data *data, *text;
	const char *name;
	GElf_Shdr tsh;
	bool traced;

	if (!gelf_getshdr(elf_getscn(obj->elf, scn), &tsh))
		return elf_fail(obj, "relocated section");
	if (tsh.sh_type != SHT_PROGBITS || !(tsh.sh_flags & SHF_EXECINSTR))
		return 0;
	if (rsh->sh_link != obj->symtab)
		return fail(obj, "relocation section %zu does not use the symbol table", relndx);
	if (rsh->sh_entsize != gelf_fsize(obj->elf, rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT))
		return fail(obj, "relocation section %zu has entries of %llu bytes", relndx,
			    (unsigned long long)rsh->sh_entsize);
	name = section_name(obj, &tsh);
	if (!name)
		return fail(obj, "section %zu has no name", scn);
	traced = is_traced_section(name);
	data = elf_getdata(relscn, NULL);
	if (!data)
		return elf_fail(obj, "relocations");
	text = elf_getdata(elf_getscn(obj->elf, scn), NULL);
	if (!text)
		return elf_fail(obj, name);

	n = data->d_size / rsh->sh_entsize;
	for (i = 0; i < n; i++) {
		GElf_Rela r;
		size_t sym;

		if (!get_reloc(data, rela, i, &r))
			return elf_fail(obj, "relocation");
		sym = GELF_R_SYM(r.r_info);
		if (sym >= obj->nsyms)
			return fail(obj, "relocation %zu of section %zu names symbol %zu of %zu",
				    i, relndx, sym, obj->nsyms);
		if (!obj->hook[sym])
			continue;
		if (!is_call(obj, text, GELF_R_TYPE(r.r_info), r.r_offset, r.r_addend, rela)) {
			odd++;
			continue;
		}
		if (traced) {
			struct site *s;

			if (!grow((void **)&obj->sites, &obj->sites_max, obj->nsites, sizeof(*s)))
				return fail(obj, "out of memory");
			s = &obj->sites[obj->nsites++];
			s->scn = scn;
			s->off = r.r_offset - 1;
			obj->secs[scn].recorded = true;
		} else {
			struct nop_site *s;

			if (!grow((void **)&obj->nops, &obj->nops_max, obj->nnops, sizeof(*s)))
				return fail(obj, "out of memory");
			s = &obj->nops[obj->nnops++];
			s->relscn = relndx;
			s->rel = i;
			s->scn = scn;
			s->off = r.r_offset - 1;
			nopped++;
		}
	}
	if (warn && nopped)
		fprintf(stderr, "recordmcount: %s: %s: %zu calls not recorded, made nops\n",
			obj->path, name, nopped);
	if (warn && odd)
		fprintf(stderr, "recordmcount: %s: %s: %zu references to the hook are not calls\n",
			obj->path, name, odd);
	return 0;
}

static int cmp_site(const void *a, const void *b)
{
	const struct site *x = a, *y = b;

	if (x->scn != y->scn)
		return x->scn < y->scn ? -1 : 1;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return 0;
}

/* The section a symbol is defined in, or 0 if none (undefined, absolute...). */
static size_t symbol_section(const struct object *obj, size_t i, GElf_Sym *sym)
{
	Elf32_Word xndx = 0;

	if (!gelf_getsymshndx(obj->syms, obj->shndx_data, i, sym, &xndx))
		return 0;
	if (sym->st_shndx == SHN_XINDEX)
		return xndx < obj->shnum ? xndx : 0;
	if (sym->st_shndx >= SHN_LORESERVE || sym->st_shndx >= obj->shnum)
		return 0;
	return sym->st_shndx;
}

static enum base_rank rank_symbol(const GElf_Sym *sym)
{
	int type = GELF_ST_TYPE(sym->st_info);
	int bind = GELF_ST_BIND(sym->st_info);

	if (type == STT_SECTION)
		return bind == STB_LOCAL ? BASE_SECTION : BASE_NONE;
	if (type != STT_FUNC && type != STT_NOTYPE && type != STT_OBJECT)
		return BASE_NONE;
	if (bind == STB_LOCAL)
		return type == STT_FUNC ? BASE_LOCAL_FUNC : BASE_LOCAL;
	if (bind == STB_GLOBAL)
		return BASE_GLOBAL;
	return BASE_NONE;	/* weak, unique and the rest */
}

/* Pick the symbol each recorded section's entries are relocated against. */
static int choose_bases(struct object *obj)
{
	size_t i;

	for (i = 0; i < obj->shnum; i++)
		obj->secs[i].rank = BASE_NONE;
	for (i = 1; i < obj->nsyms; i++) {
		struct section *sec;
		enum base_rank rank;
		GElf_Sym sym;
		size_t ndx;

		ndx = symbol_section(obj, i, &sym);
		if (!ndx || !obj->secs[ndx].recorded)
			continue;
		sec = &obj->secs[ndx];
		rank = rank_symbol(&sym);
		if (rank < sec->rank) {
			sec->rank = rank;
			sec->base = i;
			sec->base_value = sym.st_value;
		}
	}
	for (i = 1; i < obj->shnum; i++) {
		if (!obj->secs[i].recorded || obj->secs[i].rank != BASE_NONE)
			continue;
		if (i >= SHN_LORESERVE && !obj->shndx)
			return fail(obj, "section %zu needs a symbol but there is no extended index table",
				    i);
		obj->new_syms++;
	}
	return 0;
}

/* Copy every section of the input into @out, data shared with the input. */
static int copy_object(struct object *obj, Elf *out)
{
	GElf_Shdr sh;
	GElf_Ehdr eh;
	size_t i;

	if (!gelf_newehdr(out, gelf_getclass(obj->elf)) || !gelf_getehdr(obj->elf, &eh) ||
	    !gelf_update_ehdr(out, &eh))
		return elf_fail(obj, "output ELF header");
	for (i = 1; i < obj->shnum; i++) {
		Elf_Scn *in = elf_getscn(obj->elf, i);
		Elf_Scn *scn = elf_newscn(out);
		Elf_Data *d = NULL;

		if (!in || !scn || !gelf_getshdr(in, &sh) || !gelf_update_shdr(scn, &sh))
			return elf_fail(obj, "output section");
		elf_errno();	/* clear what an earlier file left */
		while ((d = elf_getdata(in, d))) {
			Elf_Data *od = elf_newdata(scn);

			if (!od)
				return elf_fail(obj, "output section data");
			*od = *d;
		}
		if (elf_errno())
			return elf_fail(obj, "section data");
	}
	if (obj->shnum > 0 && gelf_getshdr(elf_getscn(obj->elf, 0), &sh)) {
		GElf_Shdr sh0;
		Elf_Scn *scn0 = elf_getscn(out, 0);

		/* The extended section name index lives in section 0. */
		if (!scn0 || !gelf_getshdr(scn0, &sh0))
			return elf_fail(obj, "output section 0");
		sh0.sh_link = sh.sh_link;
		if (!gelf_update_shdr(scn0, &sh0))
			return elf_fail(obj, "output section 0");
	}
	return 0;
}

/*
 * Give a section of @out a private copy of its data, with @extra bytes
 * of room after it, to change it; the input's data is read-only.
 */
static Elf_Data *own_data(struct object *obj, Elf *out, size_t ndx, size_t extra)
{
	Elf_Scn *scn = elf_getscn(out, ndx);
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
	void *buf;

	if (!d || elf_getdata(scn, d)) {
		fail(obj, "section %zu: not one block of data", ndx);
		return NULL;
	}
	if (obj->secs[ndx].owned && !extra)
		return d;
	buf = keep(obj, d->d_size + extra);
	if (!buf) {
		fail(obj, "out of memory");
		return NULL;
	}
	if (d->d_size)
		memcpy(buf, d->d_buf, d->d_size);
	d->d_buf = buf;
	obj->secs[ndx].owned = true;
	elf_flagdata(d, ELF_C_SET, ELF_F_DIRTY);
	return d;
}

/* Turn the calls of untraced sections into nops. */
static int apply_nops(struct object *obj, Elf *out)
{
	bool rela = obj->mach->rela;
	size_t i;

	for (i = 0; i < obj->nnops; i++) {
		const struct nop_site *n = &obj->nops[i];
		Elf_Data *rd = own_data(obj, out, n->relscn, 0);
		Elf_Data *td = own_data(obj, out, n->scn, 0);
		GElf_Rela r;

		if (!rd || !td)
			return -1;
		memcpy((unsigned char *)td->d_buf + n->off, obj->mach->nop, CALL_LEN);
		if (!get_reloc(rd, rela, n->rel, &r))
			return elf_fail(obj, "relocation");
		r.r_info = GELF_R_INFO(GELF_R_SYM(r.r_info), obj->mach->none_type);
		if (!put_reloc(rd, rela, n->rel, &r))
			return elf_fail(obj, "relocation");
	}
	return 0;
}

/*
 * Add a local section symbol for each recorded section that has no usable
 * symbol.  Locals come before globals, so the new ones go where the
 * globals start and every global moves up by as many places: the
 * relocations and section groups that name a global are renumbered.
 */
static int add_section_symbols(struct object *obj, Elf *out)
{
	size_t k = obj->new_syms, fg = obj->first_global, symsz, i, j;
	Elf_Data *sd, *xd = NULL;
	unsigned char *p;
	GElf_Shdr sh;

	for (i = 1; i < obj->shnum; i++) {
		Elf_Scn *scn = elf_getscn(out, i);

		if (!gelf_getshdr(scn, &sh))
			return elf_fail(obj, "section header");
		if (sh.sh_link != obj->symtab || i == obj->shndx)
			continue;
		if (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA && sh.sh_type != SHT_GROUP)
			return fail(obj, "cannot add section symbols: section %zu (type %#x) refers to symbols",
				    i, sh.sh_type);
	}

	symsz = gelf_fsize(out, ELF_T_SYM, 1, EV_CURRENT);
	sd = own_data(obj, out, obj->symtab, k * symsz);
	if (!sd)
		return -1;
	p = sd->d_buf;
	memmove(p + (fg + k) * symsz, p + fg * symsz, (obj->nsyms - fg) * symsz);
	memset(p + fg * symsz, 0, k * symsz);
	sd->d_size += k * symsz;
	if (obj->shndx) {
		xd = own_data(obj, out, obj->shndx, k * sizeof(Elf32_Word));
		if (!xd)
			return -1;
		p = xd->d_buf;
		memmove(p + (fg + k) * 4, p + fg * 4, xd->d_size - fg * 4);
		memset(p + fg * 4, 0, k * 4);
		xd->d_size += k * 4;
	}

	/* Bases chosen among the symbols that move, move with them. */
	for (i = 1; i < obj->shnum; i++)
		if (obj->secs[i].rank != BASE_NONE && obj->secs[i].base >= fg)
			obj->secs[i].base += k;
	for (i = 1, j = fg; i < obj->shnum; i++) {
		struct section *sec = &obj->secs[i];
		GElf_Sym sym = {
			.st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION),
			.st_shndx = i < SHN_LORESERVE ? i : SHN_XINDEX,
		};

		if (!sec->recorded || sec->rank != BASE_NONE)
			continue;
		if (!gelf_update_symshndx(sd, xd, j, &sym, i < SHN_LORESERVE ? 0 : i))
			return elf_fail(obj, "new section symbol");
		sec->rank = BASE_SECTION;
		sec->base = j++;
		sec->base_value = 0;
	}

	if (!gelf_getshdr(elf_getscn(out, obj->symtab), &sh))
		return elf_fail(obj, "symbol table");
	sh.sh_info += k;
	if (!gelf_update_shdr(elf_getscn(out, obj->symtab), &sh))
		return elf_fail(obj, "symbol table");

	for (i = 1; i < obj->shnum; i++) {
		Elf_Scn *scn = elf_getscn(out, i);
		Elf_Data *d;
		bool rela;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_link != obj->symtab)
			continue;
		if (sh.sh_type == SHT_GROUP) {
			if (sh.sh_info >= fg) {
				sh.sh_info += k;
				if (!gelf_update_shdr(scn, &sh))
					return elf_fail(obj, "section group");
			}
			continue;
		}
		if (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA)
			continue;
		rela = sh.sh_type == SHT_RELA;
		d = own_data(obj, out, i, 0);
		if (!d)
			return -1;
		n = sh.sh_entsize ? d->d_size / sh.sh_entsize : 0;
		for (j = 0; j < n; j++) {
			GElf_Rela r;

			if (!get_reloc(d, rela, j, &r))
				return elf_fail(obj, "relocation");
			if (GELF_R_SYM(r.r_info) < fg)
				continue;
			r.r_info = GELF_R_INFO(GELF_R_SYM(r.r_info) + k, GELF_R_TYPE(r.r_info));
			if (!put_reloc(d, rela, j, &r))
				return elf_fail(obj, "relocation");
		}
	}
	return 0;
}

/* Append __mcount_loc and its relocations to @out. */
static int add_table(struct object *obj, Elf *out)
{
	const char *relname = obj->mach->rela ? ".rela" LOC_SECTION : ".rel" LOC_SECTION;
	size_t addrsz = obj->mach->elfclass == ELFCLASS64 ? 8 : 4;
	size_t relsz = gelf_fsize(out, obj->mach->rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
	size_t len = strlen(relname) + 1, names, i;
	Elf_Scn *loc, *rel;
	Elf_Data *d, *ld, *rd;
	GElf_Shdr sh;

	d = own_data(obj, out, obj->shstrndx, len);
	if (!d)
		return -1;
	names = d->d_size;
	memcpy((char *)d->d_buf + names, relname, len);
	d->d_size += len;

	loc = elf_newscn(out);
	rel = elf_newscn(out);
	if (!loc || !rel)
		return elf_fail(obj, "new section");
	memset(&sh, 0, sizeof(sh));
	sh.sh_name = names + len - 1 - strlen(LOC_SECTION);
	sh.sh_type = SHT_PROGBITS;
	sh.sh_flags = SHF_ALLOC;
	sh.sh_addralign = addrsz;
	sh.sh_entsize = addrsz;
	if (!gelf_update_shdr(loc, &sh))
		return elf_fail(obj, "new section");
	sh.sh_name = names;
	sh.sh_type = obj->mach->rela ? SHT_RELA : SHT_REL;
	sh.sh_flags = SHF_INFO_LINK;
	sh.sh_link = obj->symtab;
	sh.sh_info = elf_ndxscn(loc);
	sh.sh_entsize = relsz;
	if (!gelf_update_shdr(rel, &sh))
		return elf_fail(obj, "new section");

	ld = elf_newdata(loc);
	rd = elf_newdata(rel);
	if (!ld || !rd)
		return elf_fail(obj, "new section data");
	ld->d_type = ELF_T_ADDR;
	ld->d_size = obj->nsites * addrsz;
	ld->d_align = addrsz;
	ld->d_version = EV_CURRENT;
	ld->d_buf = keep(obj, ld->d_size);
	rd->d_type = obj->mach->rela ? ELF_T_RELA : ELF_T_REL;
	rd->d_size = obj->nsites * relsz;
	rd->d_align = addrsz;
	rd->d_version = EV_CURRENT;
	rd->d_buf = keep(obj, rd->d_size);
	if (!ld->d_buf || !rd->d_buf)
		return fail(obj, "out of memory");

	for (i = 0; i < obj->nsites; i++) {
		const struct site *s = &obj->sites[i];
		const struct section *sec = &obj->secs[s->scn];
		GElf_Addr delta = s->off - sec->base_value;
		GElf_Rela r = {
			.r_offset = i * addrsz,
			.r_info = GELF_R_INFO(sec->base, obj->mach->addr_type),
			.r_addend = (GElf_Sxword)delta,
		};

		/* A REL entry holds its own offset from the symbol. */
		if (!obj->mach->rela)
			((uint32_t *)ld->d_buf)[i] = (uint32_t)delta;
		if (!put_reloc(rd, obj->mach->rela, i, &r))
			return elf_fail(obj, "new relocation");
	}
	return 0;
}

/* Write the changed object beside the original and rename it over it. */
static int write_object(struct object *obj)
{
	char *tmp;
	Elf *out;
	int fd, ret = -1;

	tmp = malloc(strlen(obj->path) + sizeof(".rmcXXXXXX"));
	if (!tmp)
		return fail(obj, "out of memory");
	sprintf(tmp, "%s.rmcXXXXXX", obj->path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fail(obj, "%s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	out = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!out) {
		elf_fail(obj, "output");
		goto out;
	}
	if (copy_object(obj, out) || apply_nops(obj, out) ||
	    (obj->new_syms && add_section_symbols(obj, out)) ||
	    (obj->nsites && add_table(obj, out)))
		goto out;
	if (elf_update(out, ELF_C_WRITE) < 0) {
		elf_fail(obj, "writing");
		goto out;
	}
	ret = 0;
out:
	if (out)
		elf_end(out);
	if (fchmod(fd, obj->mode & 07777) && !ret)
		ret = fail(obj, "%s: %s", tmp, strerror(errno));
	if (close(fd) && !ret)
		ret = fail(obj, "%s: %s", tmp, strerror(errno));
	if (!ret && rename(tmp, obj->path))
		ret = fail(obj, "rename: %s", strerror(errno));
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

static int process(struct object *obj)
{
	GElf_Shdr sh;
	size_t i, n;
	int ret;

	ret = check_header(obj);
	if (ret)
		return ret;
	ret = find_symbols(obj);
	if (ret)
		return ret < 0 ? ret : 0;
	obj->secs = calloc(obj->shnum, sizeof(*obj->secs));
	if (!obj->secs)
		return fail(obj, "out of memory");
	for (i = 1; i < obj->shnum; i++) {
		Elf_Scn *scn = elf_getscn(obj->elf, i);

		if (!gelf_getshdr(scn, &sh))
			return elf_fail(obj, "section header");
		if (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA)
			continue;
		if (!sh.sh_info || sh.sh_info >= obj->shnum)
			return fail(obj, "relocation section %zu applies to section %u", i,
				    sh.sh_info);
		ret = scan_relocs(obj, i, scn, &sh);
		if (ret)
			return ret;
	}
	if (!obj->nsites && !obj->nnops)
		return 0;
	/* In section and address order, each call once. */
	qsort(obj->sites, obj->nsites, sizeof(*obj->sites), cmp_site);
	for (i = 1, n = obj->nsites ? 1 : 0; i < obj->nsites; i++)
		if (cmp_site(&obj->sites[n - 1], &obj->sites[i]))
			obj->sites[n++] = obj->sites[i];
	obj->nsites = n;
	ret = choose_bases(obj);
	if (ret)
		return ret;
	return write_object(obj);
}

static int do_file(const char *path)
{
	struct object obj = { .path = path, .fd = -1 };
	struct stat st;
	size_t i;
	int ret = -1;

	obj.fd = open(path, O_RDONLY);
	if (obj.fd < 0)
		return fail(&obj, "%s", strerror(errno));
	if (fstat(obj.fd, &st)) {
		fail(&obj, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		fail(&obj, "not a regular file");
		goto out;
	}
	obj.mode = st.st_mode;
	obj.elf = elf_begin(obj.fd, ELF_C_READ_MMAP, NULL);
	if (!obj.elf) {
		elf_fail(&obj, "reading");
		goto out;
	}
	ret = process(&obj);
out:
	if (obj.elf)
		elf_end(obj.elf);
	close(obj.fd);
	for (i = 0; i < obj.nbufs; i++)
		free(obj.bufs[i]);
	free(obj.bufs);
	free(obj.hook);
	free(obj.secs);
	free(obj.sites);
	free(obj.nops);
	return ret;
}

static void print_usage(void)
{
	fprintf(stderr, "usage: recordmcount [-w] file.o...\n");
}

int main(int argc, char **argv)
{
	int c, i, failed = 0;

	while ((c = getopt(argc, argv, "wh")) != -1) {
		switch (c) {
		case 'w':
			warn = true;
			break;
		case 'h':
			print_usage();
			return 0;
		default:
			print_usage();
			return 2;
		}
	}
	if (optind >= argc) {
		print_usage();
		return 2;
	}
	if (elf_version(EV_CURRENT) == EV_NONE) {
		fprintf(stderr, "recordmcount: libelf: %s\n", elf_errmsg(-1));
		return 1;
	}
	for (i = optind; i < argc; i++)
		if (do_file(argv[i]))
			failed = 1;
	return failed;
}
