<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Application</name>
    <message>
        <source>Cannot open design</source>
        <translation>无法打开设计</translation>
    </message>
    <message>
        <source>Internal error ({error}); </source>
        <translation>内部错误（{error}）；</translation>
    </message>
    <message>
        <source>your design was autosaved; </source>
        <translation>设计已自动保存；</translation>
    </message>
    <message>
        <source>details in {log}</source>
        <translation>详情见 {log}</translation>
    </message>
</context>
<context>
    <name>BomPanel</name>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit power (W)</source>
        <translation>单件功耗 (W)</translation>
    </message>
    <message>
        <source>Total power (W)</source>
        <translation>总功耗 (W)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>BrandingDialog</name>
    <message>
        <source>Preferences: Branding</source>
        <translation>首选项：品牌</translation>
    </message>
    <message>
        <source>Used by PDF spec sheets and slides. Saved to {path}</source>
        <translation>用于 PDF 规格表和幻灯片。保存到 {path}</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Contact line</source>
        <translation>联系方式</translation>
    </message>
    <message>
        <source>Colour (#rrggbb)</source>
        <translation>颜色 (#rrggbb)</translation>
    </message>
    <message>
        <source>Choose...</source>
        <translation>选择...</translation>
    </message>
    <message>
        <source>Logo (SVG or PNG)</source>
        <translation>标志 (SVG 或 PNG)</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Disclaimer</source>
        <translation>免责声明</translation>
    </message>
    <message>
        <source>The saved branding could not be read: {error}</source>
        <translation>无法读取已保存的品牌设置：{error}</translation>
    </message>
    <message>
        <source>Brand colour</source>
        <translation>品牌颜色</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>Logos (*.svg *.png)</source>
        <translation>标志 (*.svg *.png)</translation>
    </message>
</context>
<context>
    <name>CanvasController</name>
    <message>
        <source>{action}: refused: {reason}</source>
        <translation>{action}：已拒绝：{reason}</translation>
    </message>
    <message>
        <source>Add {part}: refused: {reason}</source>
        <translation>添加 {part}：已拒绝：{reason}</translation>
    </message>
    <message>
        <source>Move {id}: refused: drop it on a {kind} slot</source>
        <translation>移动 {id}：已拒绝：请放到 {kind} 插槽</translation>
    </message>
</context>
<context>
    <name>ChangesDialog</name>
    <message>
        <source>This design has not been saved yet: there is no saved version to compare with.</source>
        <translation>此设计尚未保存：没有可比较的已保存版本。</translation>
    </message>
    <message>
        <source>The saved version cannot be read: {error}</source>
        <translation>无法读取已保存的版本：{error}</translation>
    </message>
    <message>
        <source>Saved file: {name}</source>
        <translation>已保存的文件：{name}</translation>
    </message>
    <message>
        <source>Changes since saved</source>
        <translation>自上次保存以来的更改</translation>
    </message>
    <message>
        <source>Compare Side by Side...</source>
        <translation>并排比较...</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare designs</source>
        <translation>比较设计</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Add file...</source>
        <translation>添加文件...</translation>
    </message>
    <message>
        <source>Save PDF...</source>
        <translation>保存 PDF...</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美式 Letter 纸张</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>BOM differences</source>
        <translation>BOM 差异</translation>
    </message>
    <message>
        <source>Topology classes</source>
        <translation>拓扑类别</translation>
    </message>
    <message>
        <source>Pick {low}-{high} designs:</source>
        <translation>选择 {low}-{high} 个设计：</translation>
    </message>
    <message>
        <source>Add a design to compare</source>
        <translation>添加要比较的设计</translation>
    </message>
    <message>
        <source>GPU node designs (*.json *.pdf)</source>
        <translation>GPU 节点设计 (*.json *.pdf)</translation>
    </message>
    <message>
        <source>{count} picked</source>
        <translation>已选 {count} 个</translation>
    </message>
    <message>
        <source> (pick {low} to {high})</source>
        <translation>（请选 {low} 到 {high} 个）</translation>
    </message>
    <message>
        <source>{count} designs compared; {best} marks the best value in a row</source>
        <translation>已比较 {count} 个设计；{best} 标示每行的最佳值</translation>
    </message>
    <message>
        <source>saved: {name}</source>
        <translation>已保存：{name}</translation>
    </message>
    <message>
        <source>open: {name}</source>
        <translation>当前打开：{name}</translation>
    </message>
</context>
<context>
    <name>ExportRunner</name>
    <message>
        <source>cannot write: {reason}</source>
        <translation>无法写入：{reason}</translation>
    </message>
    <message>
        <source>internal error: {kind}: {reason}</source>
        <translation>内部错误：{kind}：{reason}</translation>
    </message>
    <message>
        <source>Exporting...</source>
        <translation>正在导出...</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export finished</source>
        <translation>导出完成</translation>
    </message>
    <message>
        <source>Wrote {name}</source>
        <translation>已写入 {name}</translation>
    </message>
    <message>
        <source>in {folder}</source>
        <translation>位于 {folder}</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>GPU node designs (*.json *.pdf);;All files (*)</source>
        <translation>GPU 节点设计 (*.json *.pdf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to {title}?</source>
        <translation>要保存对 {title} 的更改吗？</translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation>无法打开设计</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>New design</source>
        <translation>新设计</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Discard all changes since {title} was last saved?</source>
        <translation>要放弃自 {title} 上次保存以来的所有更改吗？</translation>
    </message>
    <message>
        <source>Save design as</source>
        <translation>设计另存为</translation>
    </message>
    <message>
        <source>GPU node designs (*.json)</source>
        <translation>GPU 节点设计 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>PDF spec sheet (*.pdf)</source>
        <translation>PDF 规格表 (*.pdf)</translation>
    </message>
    <message>
        <source>JSON spec (*.json)</source>
        <translation>JSON 规格 (*.json)</translation>
    </message>
    <message>
        <source>SVG diagram (*.svg)</source>
        <translation>SVG 架构图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG diagram (*.png)</source>
        <translation>PNG 架构图 (*.png)</translation>
    </message>
    <message>
        <source>16:9 slide (*.png *.svg *.pdf)</source>
        <translation>16:9 幻灯片 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Export {what}</source>
        <translation>导出 {what}</translation>
    </message>
    <message>
        <source>from {path}</source>
        <translation>来自 {path}</translation>
    </message>
    <message>
        <source>(never saved to a file)</source>
        <translation>（从未保存为文件）</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>GPU Node Designer did not close properly. Recover the unsaved design &apos;{name}&apos; {source}, autosaved {when}?

Recover opens it as unsaved work; Discard deletes the autosave; Ignore keeps it for the next start.</source>
        <translation>GPU Node Designer 上次未正常关闭。要恢复未保存的设计“{name}”{source}（自动保存于 {when}）吗？

恢复：作为未保存的工作打开；放弃：删除自动保存文件；忽略：保留到下次启动。</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
</context>
<context>
    <name>InspectorPanel</name>
    <message>
        <source>Refused: {reason}</source>
        <translation>已拒绝：{reason}</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Slot</source>
        <translation>插槽</translation>
    </message>
    <message>
        <source> lanes</source>
        <translation> 通道</translation>
    </message>
    <message>
        <source> ports</source>
        <translation> 端口</translation>
    </message>
    <message>
        <source> lane</source>
        <translation> 通道</translation>
    </message>
    <message>
        <source> port</source>
        <translation> 端口</translation>
    </message>
    <message>
        <source> links</source>
        <translation> 条链路</translation>
    </message>
    <message>
        <source> link</source>
        <translation> 条链路</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>as the ends allow</source>
        <translation>由两端设备决定</translation>
    </message>
    <message>
        <source>PCIe generation cap</source>
        <translation>PCIe 代数上限</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>PSU redundancy</source>
        <translation>PSU 冗余</translation>
    </message>
    <message>
        <source>no rack budget</source>
        <translation>无机柜功率预算</translation>
    </message>
    <message>
        <source>Rack power budget</source>
        <translation>机柜功率预算</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> 个节点</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每机柜节点数</translation>
    </message>
    <message>
        <source> node</source>
        <translation> 个节点</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>rail optimized</source>
        <translation>轨道优化 (rail optimized)</translation>
    </message>
    <message>
        <source>fat tree</source>
        <translation>胖树 (fat tree)</translation>
    </message>
    <message>
        <source>Scale-out topology</source>
        <translation>scale-out 拓扑</translation>
    </message>
    <message>
        <source>Leaf group</source>
        <translation>叶交换机分组</translation>
    </message>
    <message>
        <source> nodes per leaf</source>
        <translation> 个节点/叶交换机</translation>
    </message>
    <message>
        <source> node per leaf</source>
        <translation> 个节点/叶交换机</translation>
    </message>
    <message>
        <source>Spine oversubscription</source>
        <translation>脊层超额订阅比</translation>
    </message>
    <message>
        <source>&lt;b&gt;{id}&lt;/b&gt;: {kind} link {a} - {b}</source>
        <translation>&lt;b&gt;{id}&lt;/b&gt;：{kind} 链路 {a} - {b}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} items selected&lt;/b&gt;</source>
        <translation>&lt;b&gt;已选中 {count} 项&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Design&lt;/b&gt;: {name}</source>
        <translation>&lt;b&gt;设计&lt;/b&gt;：{name}</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>Accelerators</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Scale-up switches</source>
        <translation>Scale-up 交换机</translation>
    </message>
    <message>
        <source>PCIe switches</source>
        <translation>PCIe 交换机</translation>
    </message>
    <message>
        <source>NICs / DPUs</source>
        <translation>网卡 / DPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Components</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>Power &amp;&amp; Thermal</source>
        <translation>功耗与散热</translation>
    </message>
    <message>
        <source>Bill of Materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New from Template...</source>
        <translation>从模板新建(&amp;N)...</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>还原(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare...</source>
        <translation>比较(&amp;C)...</translation>
    </message>
    <message>
        <source>&amp;Import Topology...</source>
        <translation>导入拓扑(&amp;I)...</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;PDF Spec Sheet...</source>
        <translation>PDF 规格表(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;JSON Spec...</source>
        <translation>JSON 规格(&amp;J)...</translation>
    </message>
    <message>
        <source>&amp;SVG Diagram...</source>
        <translation>SVG 架构图(&amp;S)...</translation>
    </message>
    <message>
        <source>P&amp;NG Diagram...</source>
        <translation>PNG 架构图(&amp;N)...</translation>
    </message>
    <message>
        <source>16:9 S&amp;lide...</source>
        <translation>16:9 幻灯片(&amp;L)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Auto-wire</source>
        <translation>自动连线(&amp;A)</translation>
    </message>
    <message>
        <source>C&amp;hanges Since Saved...</source>
        <translation>自上次保存的更改(&amp;H)...</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Select / Move</source>
        <translation>选择 / 移动(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Pr&amp;eferences...</source>
        <translation>首选项(&amp;E)...</translation>
    </message>
    <message>
        <source>&amp;Branding for Spec Sheets...</source>
        <translation>规格表品牌设置(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to View</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Show &amp;Grid</source>
        <translation>显示网格(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <source>Auto-wire</source>
        <translation>自动连线</translation>
    </message>
    <message>
        <source>Auto-wire (Ctrl+Shift+W)</source>
        <translation>自动连线 (Ctrl+Shift+W)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适合</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>Connect: drag from one component to another</source>
        <translation>连接：从一个组件拖到另一个组件</translation>
    </message>
    <message>
        <source>Select and move</source>
        <translation>选择并移动</translation>
    </message>
    <message>
        <source>&amp;What-if: fail it</source>
        <translation>假设分析：使其故障(&amp;W)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Paste: the clipboard holds no GPU Node Designer parts</source>
        <translation>粘贴：剪贴板中没有 GPU Node Designer 部件</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>middle or right drag, Space+drag</source>
        <translation>中键或右键拖动、Space+拖动</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>catalog {version}, {count} parts</source>
        <translation>目录 {version}，{count} 个部件</translation>
    </message>
    <message>
        <source>About GPU Node Designer</source>
        <translation>关于 GPU Node Designer</translation>
    </message>
</context>
<context>
    <name>PalettePanel</name>
    <message>
        <source>{form}, {tdp} W TDP</source>
        <translation>{form}，TDP {tdp} W</translation>
    </message>
    <message>
        <source>scale-up: {links} x {bw} GB/s per direction ({bidir} GB/s bidirectional)</source>
        <translation>scale-up：{links} x {bw} GB/s（每方向）（双向 {bidir} GB/s）</translation>
    </message>
    <message>
        <source>dense BF16 {bf16}, FP8 {fp8}</source>
        <translation>稠密算力 BF16 {bf16}，FP8 {fp8}</translation>
    </message>
    <message>
        <source>{ports} ports x {bw} GB/s per direction</source>
        <translation>{ports} 端口 x {bw} GB/s（每方向）</translation>
    </message>
    <message>
        <source>in-switch reduction (NVLS)</source>
        <translation>交换机内归约（NVLS）</translation>
    </message>
    <message>
        <source>no in-switch reduction</source>
        <translation>无交换机内归约</translation>
    </message>
    <message>
        <source>{cores} cores, {tdp} W, {lanes} PCIe Gen{gen} lanes</source>
        <translation>{cores} 核，{tdp} W，{lanes} 条 PCIe Gen{gen} 通道</translation>
    </message>
    <message>
        <source>{watts} W, {eff} efficient</source>
        <translation>{watts} W，效率 {eff}</translation>
    </message>
    <message>
        <source>source ({confidence}): {source}</source>
        <translation>来源（{confidence}）：{source}</translation>
    </message>
    <message>
        <source>Search parts (name, vendor, id)...</source>
        <translation>搜索部件（名称、厂商、ID）...</translation>
    </message>
</context>
<context>
    <name>PerformancePanel</name>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>nodes: </source>
        <translation>节点数：</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>What-if: fail the selection</source>
        <translation>假设分析：使所选项故障</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Bottleneck of {collective} at {size} bytes: {link}</source>
        <translation>{collective} 在 {size} bytes 的瓶颈：{link}</translation>
    </message>
    <message>
        <source>Notes ({count})</source>
        <translation>备注（{count}）</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <source>{gpus} GPUs ({nodes} nodes)</source>
        <translation>{gpus} 个 GPU（{nodes} 个节点）</translation>
    </message>
    <message>
        <source>{gpus} GPUs (1 node)</source>
        <translation>{gpus} 个 GPU（1 个节点）</translation>
    </message>
</context>
<context>
    <name>PowerPanel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Component load</source>
        <translation>组件负载</translation>
    </message>
    <message>
        <source>Peak wall power</source>
        <translation>墙端峰值功耗</translation>
    </message>
    <message>
        <source>Published maximum</source>
        <translation>公布的最大值</translation>
    </message>
    <message>
        <source>none published</source>
        <translation>未公布</translation>
    </message>
    <message>
        <source>{wall} W (PSUs {efficiency}% efficient at this load)</source>
        <translation>{wall} W（此负载下 PSU 效率 {efficiency}%）</translation>
    </message>
    <message>
        <source>{maximum} W (computed {gap}%)</source>
        <translation>{maximum} W（计算值 {gap}%）</translation>
    </message>
    <message>
        <source>PSUs</source>
        <translation>PSU</translation>
    </message>
    <message>
        <source>Usable under policy</source>
        <translation>冗余策略下可用</translation>
    </message>
    <message>
        <source>{usable} W ({margin} W margin)</source>
        <translation>{usable} W（余量 {margin} W）</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>发热量</translation>
    </message>
    <message>
        <source>Airflow needed</source>
        <translation>所需风量</translation>
    </message>
    <message>
        <source>Cooling capacity</source>
        <translation>散热能力</translation>
    </message>
    <message>
        <source>{capacity} W ({how}, {confidence})</source>
        <translation>{capacity} W（{how}，{confidence}）</translation>
    </message>
    <message>
        <source>published</source>
        <translation>公布值</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>推算值</translation>
    </message>
    <message>
        <source>Cooling headroom</source>
        <translation>散热余量</translation>
    </message>
    <message>
        <source>Assumed figures</source>
        <translation>假设数值</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 项</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Per direction (as NVIDIA and nccl-tests quote links)</source>
        <translation>每方向（NVIDIA 与 nccl-tests 标注链路的方式）</translation>
    </message>
    <message>
        <source>Bidirectional (both directions added)</source>
        <translation>双向（两个方向相加）</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美式 Letter</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Language (after a restart)</source>
        <translation>语言（重启后生效）</translation>
    </message>
    <message>
        <source>Bandwidth shown</source>
        <translation>带宽显示方式</translation>
    </message>
    <message>
        <source>Autosave unsaved work every</source>
        <translation>自动保存未保存工作的间隔</translation>
    </message>
    <message>
        <source>Default paper size</source>
        <translation>默认纸张大小</translation>
    </message>
    <message>
        <source>Autosave interval {typed} s is out of range: {low} to {high} s.</source>
        <translation>自动保存间隔 {typed} 秒超出范围：{low} 至 {high} 秒。</translation>
    </message>
</context>
<context>
    <name>PresentWindow</name>
    <message>
        <source>Fail a switch plane</source>
        <translation>交换平面故障</translation>
    </message>
    <message>
        <source>Fail a NIC</source>
        <translation>网卡故障</translation>
    </message>
    <message>
        <source>Fail a PSU</source>
        <translation>PSU 故障</translation>
    </message>
    <message>
        <source>GPU Node Designer - presentation</source>
        <translation>GPU Node Designer - 演示</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>Left/Right or 1-9: switch design    P, N, S: fail a plane, NIC, PSU    Esc: leave</source>
        <translation>左/右或 1-9：切换设计    P、N、S：使交换平面、网卡、PSU 故障    Esc：退出</translation>
    </message>
    <message>
        <source>Cannot compute</source>
        <translation>无法计算</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>  [waived: {reason}]</source>
        <translation>  [已豁免：{reason}]</translation>
    </message>
    <message>
        <source>{message}
fix: {fix}</source>
        <translation>{message}
修复：{fix}</translation>
    </message>
    <message>
        <source>{counts}, {waived} waived; {rules} rules</source>
        <translation>{counts}，{waived} 项已豁免；{rules} 条规则</translation>
    </message>
    <message>
        <source>Remove waiver</source>
        <translation>移除豁免</translation>
    </message>
    <message>
        <source>Waive...</source>
        <translation>豁免...</translation>
    </message>
    <message>
        <source>Locate on canvas</source>
        <translation>在画布上定位</translation>
    </message>
    <message>
        <source>Why is this acceptable?
{message}</source>
        <translation>为什么可以接受？
{message}</translation>
    </message>
    <message>
        <source>Waive violation</source>
        <translation>豁免违规</translation>
    </message>
</context>
<context>
    <name>TemplateGallery</name>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>liquid (cold plate)</source>
        <translation>液冷（冷板）</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸没式冷却</translation>
    </message>
    <message>
        <source>{count} GPUs · {scaleup} GB/s/dir scale-up per GPU · {memory} GB {kind} · {out} Gb/s per GPU out · {power} kW</source>
        <translation>{count} 个 GPU · 每 GPU scale-up {scaleup} GB/s（每方向）· {kind} {memory} GB · 每 GPU 对外 {out} Gb/s · {power} kW</translation>
    </message>
    <message>
        <source>{count} accelerators · {scaleup} GB/s/dir scale-up per accelerator · {memory} GB {kind} · {out} Gb/s per accelerator out · {power} kW</source>
        <translation>{count} 个加速器 · 每加速器 scale-up {scaleup} GB/s（每方向）· {kind} {memory} GB · 每加速器对外 {out} Gb/s · {power} kW</translation>
    </message>
    <message>
        <source>New design from a reference design</source>
        <translation>从参考设计新建设计</translation>
    </message>
    <message>
        <source>{vendor} · scheme {scheme} · {cooling}</source>
        <translation>{vendor} · 方案 {scheme} · {cooling}</translation>
    </message>
    <message>
        <source>rack-scale</source>
        <translation>机柜级</translation>
    </message>
    <message>
        <source>Vendor:</source>
        <translation>厂商：</translation>
    </message>
    <message>
        <source>Scheme:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>Cooling:</source>
        <translation>散热：</translation>
    </message>
    <message>
        <source>Start from a reference design:</source>
        <translation>从参考设计开始：</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>{visible} of {total} designs</source>
        <translation>显示 {visible} / {total} 个设计</translation>
    </message>
</context>
<context>
    <name>TopologyImport</name>
    <message>
        <source>Cannot import topology</source>
        <translation>无法导入拓扑</translation>
    </message>
    <message>
        <source>Import topology (nvidia-smi topo -m, rocm-smi, npu-smi)</source>
        <translation>导入拓扑（nvidia-smi topo -m、rocm-smi、npu-smi）</translation>
    </message>
    <message>
        <source>Topology pastes (*.txt *.log *.out);;All files (*)</source>
        <translation>拓扑输出 (*.txt *.log *.out);;所有文件 (*)</translation>
    </message>
</context>
</TS>
