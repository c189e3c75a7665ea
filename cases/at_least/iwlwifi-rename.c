/* case-title: a variable named at_least stops compiling once the macro exists
 * case-ref: https://github.com/intel-lab-lkp/linux/commit/a4a956e4b71da67483ea102b07a5ea9ce1e56c23 (Jason A. Donenfeld, "wifi: iwlwifi: trans: rename at_least variable to min_mode")
 *
 * iwlwifi had `enum iwl_reset_mode at_least = 0;`; with
 * `#define at_least static` the declaration becomes `... static = 0;`, a
 * syntax error in every compiler. Hence the rename to min_mode. GCC puts
 * the errors about the expanded `static` on the #define line; Clang on the
 * uses. The errors after the first differ by version: Clang 18 alone reads
 * the assignment as a declaration, GCC 15 and later no longer add a
 * -Wreturn-type warning to the wreck, and the kernel's -Wextra makes GCC
 * remark on where the `static` stands.
 */
#define at_least static	/* expect-error {gcc} "expected expression before 'static'" */
enum iwl_reset_mode { IWL_RESET_MODE_SW_RESET, IWL_RESET_MODE_REPROBE };
enum iwl_reset_mode determine(int during_reset);
enum iwl_reset_mode determine(int during_reset)
{
	enum iwl_reset_mode at_least = 0;	/* expect-error {gcc} "expected identifier or '\(' before '=' token"
						   expect-warning {gcc, profile=kernel|kcsan} "'static' is not at beginning of declaration" [-Wold-style-declaration]
						   expect-error {clang} "expected identifier or '\('" */
	if (during_reset)
		at_least = IWL_RESET_MODE_REPROBE;	/* expect-error {clang, clang!=18} "expected expression"
							   expect-error {clang==18} "expected identifier or '\('" */
	return at_least;	/* expect-error {clang} "expected expression" */
}	/* expect-warning {gcc<15, profile!=kernel|kcsan} "control reaches end of non-void function" [-Wreturn-type]
	   expect-error {gcc<15, profile=kernel|kcsan} "control reaches end of non-void function" [-Wreturn-type] */
