export const id = 770;
export const ids = [770];
export const modules = {

/***/ 8770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   writeSummary: () => (/* binding */ writeSummary)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3360);
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(301);


/** Writes the job summary when the runner gives us a summary file. */
async function writeSummary(block, env) {
    if (!env.GITHUB_STEP_SUMMARY)
        return;
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z
        .addHeading((0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(block.title), 3)
        .addRaw(`<p>${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(block.meaning)}</p>`, true)
        .addTable([
        [
            { data: 'field', header: true },
            { data: 'value', header: true }
        ],
        ...block.rows.map(([field, value]) => [(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(field), `<code>${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(value)}</code>`])
    ]);
    if (block.extra)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.addRaw(block.extra, true);
    await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.write();
}


/***/ })

};
